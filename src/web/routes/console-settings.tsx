import { useLingui } from "@lingui/react";
import { useMemo, useState, type FormEvent } from "react";
import type { BusinessView } from "../../app/business/ports.ts";
import { LOCALES, languageTag } from "../../i18n/locales.ts";
import { Field } from "../components/form-field.tsx";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { ChoiceField } from "../features/console/choice-field.tsx";
import { LogoField } from "../features/console/image-picker.tsx";
import { TextField } from "../features/console/text-field.tsx";
import { callApi } from "../features/console/console-api.ts";
import { consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { PersonDataSection } from "../features/console/person-data-section.tsx";
import { StripeKeysSection, type StripeAccountShown } from "../features/console/stripe-keys-section.tsx";
import { messageAt, problemAt } from "../features/console/field-problems.ts";
import { FormProblem } from "../features/console/form-problem.tsx";
import { useSubmission } from "../features/console/use-submission.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-settings";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale } = entered;
  const [business, stripe] = await Promise.all([
    callApi<BusinessView>(locale, "GET", "/business"),
    callApi<StripeAccountShown>(locale, "GET", "/business/payments/stripe"),
  ]);
  return { allowed: true as const, locale, business, stripe };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.settings.title");

const FIELDS = [
  "name",
  "timeZone",
  "currency",
  "locale",
  "hostnames",
  "embedOrigins",
  "personalDataRetentionDays",
  "logoUrl",
  "brandColour",
  "theme",
] as const;

interface Draft {
  name: string;
  timeZone: string;
  currency: string;
  locale: string;
  hostnames: string;
  embedOrigins: string;
  /** Days, as typed; empty keeps personal data until it is erased on request. */
  retentionDays: string;
  /** Branding (ADR 0049): one of the business's images, the colour as typed, light or dark. */
  logoUrl: string | null;
  brandColour: string;
  theme: string;
}

const draftOf = (b: BusinessView): Draft => ({
  name: b.name,
  timeZone: b.timeZone,
  currency: b.currency,
  locale: b.locale,
  hostnames: b.hostnames.join("\n"),
  embedOrigins: b.embedOrigins.join("\n"),
  retentionDays: b.personalDataRetentionDays === null ? "" : String(b.personalDataRetentionDays),
  logoUrl: b.logoUrl,
  brandColour: b.brandColour ?? "",
  theme: b.theme,
});

/** Whole days go as a number; anything else as typed, for the server to name what is wrong with it. */
const retentionOf = (typed: string): number | string | null => {
  const text = typed.trim();
  if (text === "") return null;
  return /^\d{1,5}$/.test(text) ? Number(text) : text;
};

/** One entry a line; blank lines are nothing. */
const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** The platform's lists, with the stored value kept even where a browser's list lacks it (e.g. "UTC"). */
function withCurrent(values: readonly string[], current: string): string[] {
  return values.includes(current) ? [...values] : [current, ...values];
}

/** The business's name, time zone, currency and language, and where its pages and widget may appear. */
export default function ConsoleSettings({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <SettingsScreen loaderData={loaderData} />;
}

function SettingsScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale } = loaderData;
  const reload = useRefresh();
  const [draft, setDraft] = useState(() => draftOf(loaderData.business));
  const { busy, problem, alertRef, run } = useSubmission();
  const [saved, setSaved] = useState(false);
  const t = useScreenMessages("console.settings");
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft({ ...draft, [key]: value });
    setSaved(false);
  };

  const zones = useMemo(() => withCurrent(Intl.supportedValuesOf("timeZone"), draft.timeZone), [draft.timeZone]);
  const currencies = useMemo(() => {
    const names = new Intl.DisplayNames([languageTag(locale)], { type: "currency" });
    return withCurrent(Intl.supportedValuesOf("currency"), draft.currency).map((code) => ({
      code,
      name: names.of(code) ?? code,
    }));
  }, [locale, draft.currency]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    await run(async () => {
      const business = await callApi<BusinessView>(locale, "PATCH", "/business", {
        name: draft.name,
        timeZone: draft.timeZone,
        currency: draft.currency,
        locale: draft.locale,
        hostnames: lines(draft.hostnames),
        embedOrigins: lines(draft.embedOrigins),
        personalDataRetentionDays: retentionOf(draft.retentionDays),
        logoUrl: draft.logoUrl,
        // As typed, for the server to refuse at the field what is not a hex colour.
        brandColour: draft.brandColour.trim() === "" ? null : draft.brandColour.trim(),
        theme: draft.theme,
      });
      setDraft(draftOf(business));
      setSaved(true);
      // The header shows the business's name from the session: read again.
      await reload();
    });
  }

  /** A list's message names the line it is about (`hostnames.2` → line 3). */
  function listError(path: "hostnames" | "embedOrigins", key: string): string | undefined {
    const error = problemAt(problem, path);
    if (!error) return undefined;
    const index = Number(error.path.split(".")[1]);
    const entries = lines(draft[path]);
    const taken = error.code === "HOSTNAME_TAKEN";
    const message = t(taken ? "error.hostnameTaken" : `error.${key}`);
    return Number.isInteger(index) && entries[index] !== undefined
      ? t("error.onLine", { entry: entries[index], message })
      : message;
  }

  return (
    <section aria-labelledby="settings-title" className="console-screen console-narrow">
      <div className="console-screen__head">
        <h1 id="settings-title">{t("title")}</h1>
      </div>
      <FormProblem ref={alertRef} problem={problem} fields={FIELDS} />
      <p className="console-saved" role="status">
        {saved ? t("saved") : ""}
      </p>
      <form onSubmit={save} noValidate>
        <section className="console-section" aria-labelledby="settings-business">
          <h2 id="settings-business">{t("section.business")}</h2>
          <TextField
            path="name"
            label={t("field.name")}
            hint={t("hint.name")}
            error={messageAt(i18n, problem, "name", "console.settings.error.name")}
            isRequired
            name="name"
            value={draft.name}
            onChange={(value) => set("name", value)}
            input={{ autoComplete: "organization" }}
          />
          <ChoiceField
            path="timeZone"
            label={t("field.timeZone")}
            hint={t("hint.timeZone")}
            error={messageAt(i18n, problem, "timeZone", "console.settings.error.timeZone")}
            isRequired
            name="timeZone"
            value={draft.timeZone}
            onChange={(value) => set("timeZone", value)}
            options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))}
          />
          <ChoiceField
            path="currency"
            label={t("field.currency")}
            hint={t("hint.currency")}
            error={messageAt(i18n, problem, "currency", "console.settings.error.currency")}
            isRequired
            name="currency"
            value={draft.currency}
            onChange={(value) => set("currency", value)}
            options={currencies.map(({ code, name }) => ({ value: code, label: `${code} — ${name}` }))}
          />
          <ChoiceField
            path="locale"
            label={t("field.locale")}
            hint={t("hint.locale")}
            error={messageAt(i18n, problem, "locale", "console.settings.error.locale")}
            isRequired
            name="locale"
            value={draft.locale}
            onChange={(value) => set("locale", value)}
            options={LOCALES.map((l) => ({ value: l.code, label: l.name, lang: l.language }))}
          />
        </section>
        <section className="console-section" aria-labelledby="settings-branding">
          <h2 id="settings-branding">{t("section.branding")}</h2>
          <p className="console-muted">{t("hint.branding")}</p>
          <LogoField
            locale={locale}
            legend={t("field.logo")}
            hint={t("hint.logo")}
            url={draft.logoUrl}
            error={messageAt(i18n, problem, "logoUrl", "console.settings.error.logo")}
            onChange={(url) => set("logoUrl", url)}
          />
          <div className="console-colour">
            <TextField
              path="brandColour"
              name="brandColour"
              label={t("field.brandColour")}
              hint={t("hint.brandColour")}
              error={messageAt(i18n, problem, "brandColour", "console.settings.error.brandColour")}
              isRequired={false}
              value={draft.brandColour}
              onChange={(value) => set("brandColour", value)}
              input={{ autoComplete: "off", spellCheck: false, maxLength: 20 }}
            />
            {/* The browser's own colour chooser, for those who would rather pick than type a code. */}
            <input
              type="color"
              className="console-colour__pick"
              aria-label={t("field.brandColourPick")}
              value={/^#[0-9a-f]{6}$/i.test(draft.brandColour.trim()) ? draft.brandColour.trim() : "#1d4ed8"}
              onChange={(e) => set("brandColour", e.target.value)}
            />
          </div>
          <ChoiceField
            path="theme"
            name="theme"
            label={t("field.theme")}
            hint={t("hint.theme")}
            error={messageAt(i18n, problem, "theme", "console.settings.error.theme")}
            value={draft.theme}
            onChange={(value) => set("theme", value)}
            options={[
              { value: "light", label: t("theme.light") },
              { value: "dark", label: t("theme.dark") },
            ]}
          />
        </section>
        <section className="console-section" aria-labelledby="settings-sites">
          <h2 id="settings-sites">{t("section.sites")}</h2>
          {(
            [
              ["hostnames", "hostname"],
              ["embedOrigins", "origin"],
            ] as const
          ).map(([name, item]) => (
            <Field
              key={name}
              path={name}
              label={t(`field.${name}`)}
              hint={t(`hint.${name}`)}
              error={listError(name, item)}
            >
              {(aria) => (
                <textarea
                  {...aria}
                  name={name}
                  rows={3}
                  spellCheck={false}
                  autoCapitalize="none"
                  value={draft[name]}
                  onChange={(e) => set(name, e.target.value)}
                />
              )}
            </Field>
          ))}
        </section>
        <section className="console-section" aria-labelledby="settings-retention">
          <h2 id="settings-retention">{t("section.retention")}</h2>
          <TextField
            path="personalDataRetentionDays"
            name="personalDataRetentionDays"
            label={t("field.retention")}
            hint={t("hint.retention")}
            error={messageAt(i18n, problem, "personalDataRetentionDays", "console.settings.error.retention")}
            isRequired={false}
            value={draft.retentionDays}
            onChange={(value) => set("retentionDays", value)}
            input={{ inputMode: "numeric", autoComplete: "off" }}
          />
        </section>
        <div className="console-form-actions">
          <button type="submit" className="console-button" disabled={busy} aria-busy={busy}>
            {t("save")}
          </button>
        </div>
      </form>
      <StripeKeysSection locale={locale} initial={loaderData.stripe} />
      <PersonDataSection locale={locale} />
    </section>
  );
}
