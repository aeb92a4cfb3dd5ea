/**
 * The business's own words on a public page — its services, posts, products, forms — marked with the
 * language they are written in where that is not the page's (WCAG 3.1.2 Language of Parts, ADR 0061).
 * The product's own words (buttons, dates, messages) stay in the page's language.
 */
import { Trans } from "@lingui/react";
import { localizedEntry, type LocalizedText } from "../../core/forms/definition.ts";
import { DEFAULT_LOCALE, textLang } from "../../i18n/locales.ts";
import { usePageBrand } from "./business-mark.tsx";

/**
 * The `lang` attribute for an element that holds text the business wrote — a service's name and
 * description, a post's title and body, a form's questions — so that it is read in the language it
 * is written in, not the page's (WCAG 3.1.2, ADR 0061). Undefined (no attribute) when the two are
 * the same. It goes on the element that holds the business's words alone: the product's own words
 * (buttons, dates, messages) stay in the page's language, so never around them.
 */
export const useBusinessLang = (): string | undefined => usePageBrand()?.lang;

/**
 * One of the product's messages that names a text of the business's ("Collection: {name}"): the
 * message in the page's language, the business's text inside it marked with its own (ADR 0061).
 */
export function MessageNaming({ id, name, text }: { id: string; name: string; text: string }) {
  const lang = useBusinessLang();
  return <Trans id={id} values={{ [name]: lang ? <span lang={lang}>{text}</span> : text }} />;
}

/**
 * A form's text (written per language) for a page whose fallback chain is `chain`, the page's locale
 * first: the text, and the `lang` it needs where it is another language's (its page's missing).
 */
export function shownText(
  text: LocalizedText | undefined,
  chain: readonly string[],
): { readonly text: string; readonly lang: string | undefined } {
  const entry = localizedEntry(text, chain);
  return { text: entry.text, lang: textLang(entry.locale, chain[0] ?? DEFAULT_LOCALE) };
}

/** A choice of a form's dropdown, its label in the page's language where the form has one (else marked). */
export function FormOption({ value, label, chain }: { value: string; label: LocalizedText; chain: readonly string[] }) {
  const shown = shownText(label, chain);
  return (
    <option value={value} lang={shown.lang}>
      {shown.text}
    </option>
  );
}
