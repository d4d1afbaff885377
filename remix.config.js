// The local stand-ins' pages (mail, SMS, checkout, photo checks under /dev) are built only into a
// local build (`npm run build:local`): a production build has no such route, not even in its
// client manifest (docs/product/safety.md#fail-closed-defaults).
const localPages = process.env.LOCAL_BUILD === "1";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", ...(localPages ? [] : ["**/routes/dev.*"])],
  serverModuleFormat: "esm",
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_lazyRouteDiscovery: true,
    v3_relativeSplatPath: true,
    v3_singleFetch: true,
    v3_throwAbortReason: true,
  },
};
