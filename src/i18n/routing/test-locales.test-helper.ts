import { LOCALES } from "../locales.ts";
import { defineLocaleRouting, type LocaleRoutingInput, type LocaleRoutingOptions } from "./options.ts";

/** Our eleven locales (da … pt-br, pt), as routing locales. */
export const OUR_LOCALES = LOCALES.map(({ code, language }) => ({ code, language }));

/** Options over our locales with module defaults and defaultLocale `en`, plus overrides. */
export function routing(overrides: Partial<LocaleRoutingInput> = {}): LocaleRoutingOptions {
  return defineLocaleRouting({ locales: OUR_LOCALES, ...overrides });
}

/** A warn/error sink that records messages. */
export function captureWarnings() {
  const messages: string[] = [];
  return { messages, warn: (message: string) => void messages.push(message) };
}
