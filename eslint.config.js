import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layering of docs/decisions/014-module-layering.md. Patterns match the import as written
// (`~/models/x`, `../../app/models/x`, `./x`), so each names the folder wherever it appears.
const forbid = {
  models: { group: ["**/models", "**/models/**"], message: "app/models may not be imported from this layer (docs/decisions/014-module-layering.md)." },
  routes: { group: ["**/routes", "**/routes/**"], message: "Nothing imports a route module; move what is shared into app/models or app/web." },
  components: { group: ["**/components", "**/components/**"], message: "Rules and data do not depend on components." },
  web: { group: ["~/web/**", "**/app/web/**"], message: "db/ does not depend on request plumbing." },
  appCode: { group: ["~/**", "~db/**", "../**"], message: "app/domain is the bottom layer: it imports nothing from app code." },
  requestInRules: {
    group: ["@remix-run/*", "~/db.server", "**/app/db.server"],
    allowTypeImports: true,
    message: "Rules in app/models take `db` as a parameter and know no request: put request-level code in the capability's pages/.",
  },
  serverValues: {
    group: ["**/*.server", "**/*.server.*"],
    allowTypeImports: true,
    message: "Components may take only types from .server modules (use `import type`).",
  },
};
const layer = (files, ...rules) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns: rules }] },
});

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".data/", ".cache/", "node_modules/", "test-results/", "playwright-report/", "bench/floor/build/", "bench/floor/public/build/", "bench/floor/.cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Later blocks replace earlier ones for the files they match, so each layer lists all it forbids.
  layer(["app/**/*.{ts,tsx}", "db/**/*.ts", "bench/**/*.ts", "server.mjs"], forbid.routes),
  layer(["db/**/*.ts"], forbid.models, forbid.routes, forbid.components, forbid.web),
  layer(["app/services/**/*.ts", "app/tenancy/**/*.ts"], forbid.models, forbid.routes, forbid.components),
  layer(["app/domain/**/*.ts"], forbid.appCode),
  layer(["app/models/**/*.ts"], forbid.routes, forbid.components, forbid.requestInRules),
  layer(["app/models/*/pages/**/*.ts"], forbid.routes, forbid.components),
  layer(["app/components/**/*.{ts,tsx}"], forbid.routes, forbid.serverValues),
  // Routes may share route modules (a re-exported route); tests may call any layer.
  { files: ["app/routes/**", "**/*.test.{ts,tsx}"], rules: { "no-restricted-imports": "off" } },
  // Links within the site are plain anchors with one delegated handler (docs/decisions/035-links-as-anchors.md);
  // icons come one module each (docs/decisions/041-inline-svg-icons.md).
  {
    files: ["app/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='@remix-run/react'] > ImportSpecifier[imported.name=/^(Link|NavLink)$/]",
          message: "Use AppLink or AppNavLink from ~/components/ui/AppLink (docs/decisions/035-links-as-anchors.md).",
        },
        {
          selector: "ImportDeclaration[source.value=/^lucide-react(\\/icons)?$/]",
          message: "Import each icon from its own module, `import X from \"lucide-react/icons/x\"`, and types from lucide-react/types: the index loads every icon on the server (docs/decisions/041-inline-svg-icons.md).",
        },
      ],
    },
  },
  // The API's resource routes answer Responses (docs/product/api.md). Remix turns a plain object into
  // JSON with a deprecation warning, drops the status and headers of a returned data(), and answers a
  // thrown data() with its own error JSON instead of the body given.
  {
    files: ["app/routes/api.*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "ReturnStatement > :matches(ObjectExpression, ArrayExpression), ReturnStatement > ConditionalExpression > :matches(ObjectExpression, ArrayExpression)", message: "A resource route answers a Response: Response.json(…)." },
        { selector: "CallExpression[callee.name='data']", message: "In a resource route data() loses its status and headers, or (thrown) its body: use a Response." },
      ],
    },
  },
);
