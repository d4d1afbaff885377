import type { Config } from "tailwindcss";

/** Brand colours come from the tenant file as CSS variables (rgb triplets), set in root.tsx. */
const brand = (name: string) => `rgb(var(--color-${name}) / <alpha-value>)`;

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    screens: { sm: "576px", md: "768px", lg: "992px", xl: "1200px" },
    extend: {
      colors: {
        primary: brand("primary"),
        secondary: brand("secondary"),
        success: brand("success"),
        danger: brand("danger"),
        warning: brand("warning"),
        info: brand("info"),
        unread: brand("unread-messages"),
      },
      maxWidth: { toast: "350px" },
    },
  },
  plugins: [],
} satisfies Config;
