/**
 * A form's or survey's own words (written per language) marked with the language they are shown in
 * where that is not the page's (WCAG 3.1.2 Language of Parts, ADR 0061). Apart from locale.tsx, whose
 * `useBusinessLang` every page loads: this one is only for pages that show a form.
 */
import { localizedEntry, type LocalizedText } from "../../core/forms/definition.ts";
import { DEFAULT_LOCALE, textLang } from "../../i18n/locales.ts";

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
