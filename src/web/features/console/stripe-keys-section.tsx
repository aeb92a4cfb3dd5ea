import { useLingui } from "@lingui/react";
import { useState, type FormEvent } from "react";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { callApi } from "./console-api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { CopyButton } from "./copy-button.tsx";
import { problemAt } from "./field-problems.ts";
import { FormProblem } from "./form-problem.tsx";
import { TextField } from "./text-field.tsx";
import { useSubmission } from "./use-submission.ts";

/** GET /api/business/payments/stripe: never the keys themselves. */
export interface StripeAccountShown {
  configured: boolean;
  mode: "test" | "live" | null;
  secretKeyLast4: string | null;
  updatedAt: string | null;
  webhookUrl: string;
}

const FIELDS = ["secretKey", "publishableKey", "webhookSecret"] as const;
type FieldName = (typeof FIELDS)[number];
const EMPTY: Record<FieldName, string> = { secretKey: "", publishableKey: "", webhookSecret: "" };

/**
 * The business's own Stripe account (issue 14): its keys are checked at Stripe when saved, then
 * kept sealed and never shown again — only their mode and the secret key's last four characters.
 * Without them, payments go through the platform's account. The fields are empty on every visit
 * (the keys cannot be read back), and what was typed stays after a refusal.
 */
export function StripeKeysSection({ locale, initial }: { locale: LocaleCode; initial: StripeAccountShown }) {
  const { i18n } = useLingui();
  const t = (key: string, values?: Record<string, unknown>) => i18n._(`console.stripe.${key}`, values);
  const [shown, setShown] = useState(initial);
  const [draft, setDraft] = useState(EMPTY);
  const [status, setStatus] = useState("");
  const [asking, setAsking] = useState(false);
  const { busy, problem, alertRef, run } = useSubmission();

  /** The field's message: Stripe's refusal and the mode rule say more than "the shape is wrong". */
  function errorAt(field: FieldName): string | undefined {
    const error = problemAt(problem, field);
    if (!error) return undefined;
    if (error.code === "STRIPE_KEY_REJECTED") return t("error.rejected");
    if (error.code === "STRIPE_MODE_MISMATCH") return t("error.modeMismatch");
    return t(`error.${field}`);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setStatus("");
    const done = await run(async () => {
      setShown(await callApi<StripeAccountShown>(locale, "PUT", "/business/payments/stripe", draft));
    });
    if (done) {
      setDraft(EMPTY);
      setStatus(t("saved"));
    }
  }

  async function remove() {
    setStatus("");
    const done = await run(() => callApi(locale, "DELETE", "/business/payments/stripe"));
    if (done) {
      setShown({ ...shown, configured: false, mode: null, secretKeyLast4: null, updatedAt: null });
      setStatus(t("removed"));
    }
  }

  const set = (field: FieldName) => (value: string) => setDraft({ ...draft, [field]: value });
  const secret = {
    type: "password" as const,
    autoComplete: "off",
    input: { spellCheck: false, autoCapitalize: "none" },
  };

  return (
    <section className="console-section" aria-labelledby="settings-stripe">
      <h2 id="settings-stripe">{t("title")}</h2>
      <p className="console-muted">{t("intro")}</p>
      <p data-testid="stripe-state">
        {shown.configured
          ? t(shown.mode === "live" ? "state.live" : "state.test", { last4: shown.secretKeyLast4 ?? "" })
          : t("state.none")}
      </p>
      <h3>{t("webhookUrl")}</h3>
      <p className="console-muted">{t("webhookHint")}</p>
      <p className="console-secret">
        <code>{shown.webhookUrl}</code>
      </p>
      <CopyButton text={shown.webhookUrl} label={t("copyWebhookUrl")} />
      <FormProblem ref={alertRef} problem={problem} fields={FIELDS} />
      <p className="console-saved" role="status">
        {status}
      </p>
      <form onSubmit={save} noValidate>
        <TextField
          name="secretKey"
          label={t("field.secretKey")}
          hint={t(shown.configured ? "hint.replace" : "hint.secretKey")}
          error={errorAt("secretKey")}
          value={draft.secretKey}
          onChange={set("secretKey")}
          {...secret}
        />
        <TextField
          name="publishableKey"
          label={t("field.publishableKey")}
          hint={t("hint.publishableKey")}
          error={errorAt("publishableKey")}
          value={draft.publishableKey}
          onChange={set("publishableKey")}
          autoComplete="off"
          input={{ spellCheck: false, autoCapitalize: "none" }}
        />
        <TextField
          name="webhookSecret"
          label={t("field.webhookSecret")}
          hint={t("hint.webhookSecret")}
          error={errorAt("webhookSecret")}
          value={draft.webhookSecret}
          onChange={set("webhookSecret")}
          {...secret}
        />
        <div className="console-form-actions">
          <button type="submit" className="console-button" disabled={busy} aria-busy={busy}>
            {t("save")}
          </button>
          {shown.configured ? (
            <button
              type="button"
              className="console-button console-button--danger"
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              {t("remove")}
            </button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        title={asking ? t("confirmTitle") : null}
        body={t("confirmBody")}
        confirmLabel={t("confirm")}
        onConfirm={() => void remove()}
        onClose={() => setAsking(false)}
      />
    </section>
  );
}
