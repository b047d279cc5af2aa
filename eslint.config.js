import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import fileNames from "./lint-rules/file-names.js";
import noFetchInEffect from "./lint-rules/no-fetch-in-effect.js";

const features = readdirSync("app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * DESIGN.md's layout, enforced: who may import whom. Routes combine features; features do not
 * import each other; components/ and lib/ hold what several of them share, so they import no
 * feature; layout/ (the shell around every page) may use features but no route.
 */
const zones = [
  {
    target: "./core",
    from: "./",
    except: ["./core", "./node_modules"],
    message: "core/ is pure: it imports nothing outside core/.",
  },
  {
    target: "./app",
    from: "./server",
    message: "Server code never reaches the browser bundle.",
  },
  {
    target: "./server",
    from: "./app",
    message: "The server shares code with the app only through core/.",
  },
  {
    target: ["./app/components", "./app/lib"],
    from: ["./app/features", "./app/layout", "./app/routes"],
    message: "components/ and lib/ are shared by features, so they import none.",
  },
  {
    target: "./app/layout",
    from: "./app/routes",
    message: "The layout is the shell around every route; it imports none.",
  },
  ...features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: ["./app/features", "./app/layout", "./app/routes"],
    except: [`./${feature}`],
    message: "Features do not import each other; routes and the layout combine them.",
  })),
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "node_modules/**",
      ".react-router/**",
      "var/**",
      "test-results/**",
      "playwright-report/**",
      "content/**",
      "public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs["recommended-latest"],
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX },
    settings: {
      // The plugin's TypeScript settings: without its extensions and parser it reads no .ts
      // file it imports, so no-cycle saw no cycle at all (issue 35).
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // Our own modules only: following node_modules took half of lint's time (25 of 59 s)
      // and can find no cycle of ours.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["scripts/**", "bench/**"],
    rules: { "no-console": "off" },
  },
  {
    files: ["core/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react-*", "node:*", "fastify", "drizzle-orm*"],
              message: "core/ has no React and no Node I/O.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    ignores: ["**/*.d.ts"],
    plugins: { local: fileNames },
    rules: { "local/file-name": "error" },
  },
  {
    // Components are found by name: the file is named after what it exports.
    files: ["app/**/*.tsx"],
    ignores: ["app/routes/**", "app/root.tsx", "app/entry.*", "**/*.test.tsx"],
    rules: { "local/file-name": ["error", { matchExport: true }] },
  },
  {
    // Route modules own their data: no request started from an effect (decision 022).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { data: noFetchInEffect },
    rules: { "data/no-fetch-in-effect": "error" },
  },
);
