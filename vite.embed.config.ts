/**
 * Builds the embed loader (src/embed/loader.ts) into one classic script, `build/client/embed.js`,
 * served at `/embed.js` (run after `react-router build`, which empties build/client). Its only texts come from the catalogues' `embed.*` keys, inlined here so the
 * loader needs no request for them and the i18n check still covers them.
 */
import fs from "node:fs";
import { defineConfig } from "vite";
import { LOCALE_CODES } from "./src/i18n/locales.ts";

function embedTexts(): Record<string, { close: string; dialog: string }> {
  const texts: Record<string, { close: string; dialog: string }> = {};
  for (const code of LOCALE_CODES) {
    const catalog = JSON.parse(fs.readFileSync(`src/i18n/catalogs/${code}.json`, "utf8")) as Record<string, string>;
    texts[code] = { close: catalog["embed.close"]!, dialog: catalog["embed.dialogLabel"]! };
  }
  return texts;
}

export default defineConfig({
  define: { __EMBED_TEXTS__: JSON.stringify(embedTexts()) },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    sourcemap: false,
    target: "es2022",
    lib: { entry: "src/embed/loader.ts", formats: ["iife"], name: "bookingEmbed", fileName: () => "embed.js" },
  },
});
