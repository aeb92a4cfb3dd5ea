/**
 * A calendar's embed snippet in the console (issues 17, 18): how it shows (inline, pop-up, floating
 * button), in which language, and in which look — the business's own (Settings, ADR 0049) unless the
 * owner asks this snippet for another theme or colour. Each choice asks the business API for the
 * snippet again (`GET /calendars/{id}/embed`), which validates it: a colour it refuses is said next
 * to its field, as typed, and the snippet shown stays the last good one.
 */
import { useLingui } from "@lingui/react";
import { useState, type FormEvent } from "react";
import { EMBED_MODES, type EmbedMode } from "../../../embed/snippet.ts";
import { LOCALES, type LocaleCode } from "../../../i18n/locales.ts";
import { ChoiceField } from "./choice-field.tsx";
import { callApi } from "./console-api.ts";
import { CopyButton } from "./copy-button.tsx";
import { isAboutFields, messageAt } from "./field-problems.ts";
import { ProblemAlert } from "./problem-alert.tsx";
import { TextField } from "./text-field.tsx";

export interface EmbedSnippet {
  readonly mode: EmbedMode;
  readonly html: string;
}

interface EmbedChoice {
  readonly mode: EmbedMode;
  /** A locale code; empty: the language of the page the widget is on. */
  readonly lang: string;
  /** light or dark; empty: the business's own. */
  readonly theme: string;
  /** As typed; empty: the business's own colour. */
  readonly brand: string;
}

export const DEFAULT_EMBED: EmbedChoice = { mode: "inline", lang: "", theme: "", brand: "" };

/** The API address of a calendar's snippet for these choices. */
export function embedPath(calendarId: string, choice: EmbedChoice = DEFAULT_EMBED): string {
  const query = new URLSearchParams({ mode: choice.mode });
  if (choice.lang) query.set("lang", choice.lang);
  if (choice.theme) query.set("theme", choice.theme);
  if (choice.brand.trim()) query.set("brand", choice.brand.trim());
  return `/business/calendars/${encodeURIComponent(calendarId)}/embed?${query}`;
}

export function EmbedSnippetPanel({
  locale,
  calendarId,
  initial,
}: {
  locale: LocaleCode;
  calendarId: string;
  initial: EmbedSnippet;
}) {
  const { i18n } = useLingui();
  const [choice, setChoice] = useState<EmbedChoice>({ ...DEFAULT_EMBED, mode: initial.mode });
  const [snippet, setSnippet] = useState(initial);
  const [problem, setProblem] = useState<unknown>(null);
  const t = (key: string) => i18n._(`console.calendars.share.${key}`);

  async function show(next: EmbedChoice) {
    setChoice(next);
    setProblem(null);
    try {
      setSnippet(await callApi<EmbedSnippet>(locale, "GET", embedPath(calendarId, next)));
    } catch (error) {
      setProblem(error);
    }
  }

  const brandError = messageAt(i18n, problem, "brand", "console.settings.error.brandColour");
  return (
    <form
      className="console-embed"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void show(choice);
      }}
    >
      <ChoiceField
        path="embedMode"
        name="embedMode"
        label={t("embedMode")}
        error={undefined}
        value={choice.mode}
        onChange={(mode) => void show({ ...choice, mode: mode as EmbedMode })}
        options={EMBED_MODES.map((mode) => ({ value: mode, label: t(`mode.${mode}`) }))}
      />
      <ChoiceField
        path="embedLang"
        name="embedLang"
        label={t("embedLang")}
        error={undefined}
        value={choice.lang}
        onChange={(lang) => void show({ ...choice, lang })}
        options={[
          { value: "", label: t("embedLangPage") },
          ...LOCALES.map((l) => ({ value: l.code, label: l.name, lang: l.language })),
        ]}
      />
      <ChoiceField
        path="embedTheme"
        name="embedTheme"
        label={t("embedTheme")}
        error={undefined}
        value={choice.theme}
        onChange={(theme) => void show({ ...choice, theme })}
        options={[
          { value: "", label: t("embedThemeOwn") },
          { value: "light", label: i18n._("console.settings.theme.light") },
          { value: "dark", label: i18n._("console.settings.theme.dark") },
        ]}
      />
      <TextField
        // The page's field ids are unique (the calendar's form is on it); the server's error path is `brand`.
        path="embedBrand"
        name="embedBrand"
        label={t("embedBrand")}
        hint={t("embedBrandHint")}
        error={brandError}
        isRequired={false}
        value={choice.brand}
        onChange={(brand) => setChoice({ ...choice, brand })}
        input={{ autoComplete: "off", spellCheck: false, maxLength: 20 }}
      />
      <button type="submit" className="console-button console-button--quiet">
        {t("embedUpdate")}
      </button>
      {isAboutFields(problem, ["brand"]) ? null : <ProblemAlert problem={problem} />}
      <pre className="console-code" tabIndex={0} aria-label={t("embedTitle")}>
        <code>{snippet.html}</code>
      </pre>
      <CopyButton text={snippet.html} label={t("copyEmbed")} />
    </form>
  );
}
