import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { i18nCatalogs } from "./src/i18n/vite-plugin.ts";

export default defineConfig({
  plugins: [i18nCatalogs(), reactRouter()],
  build: { sourcemap: false },
});
