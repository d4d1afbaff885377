// The floor of the page benchmarks (bench/README.md#the-floor): a bare Remix app with the project's
// Remix, React, express and compression, and the same future flags, rendering one page of 24 cards.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_lazyRouteDiscovery: true,
    v3_relativeSplatPath: true,
    v3_singleFetch: true,
    v3_throwAbortReason: true,
  },
};
