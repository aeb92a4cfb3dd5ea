import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { i18nCatalogs } from "./src/i18n/vite-plugin.ts";

/**
 * @dnd-kit/core (console only) imports react-dom's index for two functions; resolved to a stand-in so
 * that index stays inside the booking page's entry chunk instead of being split out (ADR 0050).
 */
function dndKitReactDom(): Plugin {
  const standIn = path.resolve("src/web/features/console/dnd-kit-react-dom.ts");
  return {
    name: "dnd-kit-react-dom",
    enforce: "pre",
    resolveId(source, importer) {
      return source === "react-dom" && importer?.includes("/node_modules/@dnd-kit/") ? standIn : null;
    },
  };
}

export default defineConfig({
  plugins: [dndKitReactDom(), i18nCatalogs(), reactRouter()],
  build: { sourcemap: false },
});
