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
      // The navigation progress bar (app/components/layout/NavigationProgress.tsx): creeps toward
      // the end over its 5 s duration while the page loads, then fills and fades.
      keyframes: {
        "progress-run": { from: { width: "0%" }, to: { width: "90%" } },
      },
      animation: {
        "progress-run": "progress-run 5000ms cubic-bezier(0.1, 0.6, 0.3, 1) forwards",
      },
    },
  },
  plugins: [],
} satisfies Config;
