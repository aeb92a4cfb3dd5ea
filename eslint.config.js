// ESLint flat config. Import zones keep the architecture honest (STYLE.md):
// core ← app ← adapters/server/web, and web features never import each other.
import fs from "node:fs";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const features = fs.existsSync("src/web/features")
  ? fs
      .readdirSync("src/web/features", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

export default tseslint.config(
  { ignores: ["build/**", "data/**", ".react-router/**", "node_modules/**", "coverage/**", "test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    settings: {
      // The built-in resolver: imports name their .ts/.tsx files, which it resolves (cycles and zones need it).
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      // Dependencies are parsed as TypeScript too, or no-cycle cannot follow them.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: {
      // What reviews kept finding (issue 12): import cycles.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/core",
              from: ["./src/app", "./src/adapters", "./src/server", "./src/web", "./src/i18n"],
              message: "The domain core is pure: it imports nothing outside src/core.",
            },
            {
              target: "./src/app",
              from: ["./src/adapters", "./src/server", "./src/web"],
              message: "Use cases depend on ports, not on adapters, the server or the UI.",
            },
            {
              target: "./src/web",
              from: ["./src/adapters", "./src/server"],
              message: "The UI reaches the server only through loaders' context and the HTTP API.",
            },
            ...features.map((name) => ({
              target: `./src/web/features/${name}`,
              from: "./src/web/features",
              except: [`./${name}`],
              message: "Features are independent: compose them in routes or layouts.",
            })),
          ],
        },
      ],
    },
  },
  {
    // The rules of hooks, for every component and hook.
    files: ["src/web/**/*.tsx", "src/web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // A promise nobody awaits loses its error (type-aware: the server and its adapters, where it matters).
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "node:*",
                "fs",
                "path",
                "crypto",
                "pg",
                "drizzle-orm",
                "drizzle-orm/*",
                "hono",
                "hono/*",
                "react",
                "react-router",
              ],
              message: "The domain core has no I/O and no framework.",
            },
          ],
        },
      ],
      "no-restricted-properties": [
        "error",
        { object: "Date", property: "now", message: "`now` is a parameter in the core." },
        { object: "Temporal", property: "Now", message: "`now` is a parameter in the core." },
      ],
      "no-restricted-globals": ["error", { name: "process", message: "The core reads no environment." }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "`now` is a parameter in the core.",
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
