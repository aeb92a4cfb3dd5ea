import { useLingui } from "@lingui/react";
import { useState, type FormEvent } from "react";
import type { ErasureCounts, PersonData } from "../../../app/privacy/person-data.ts";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { callApi } from "./console-api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { messageAt } from "./field-problems.ts";
import { FormProblem } from "./form-problem.tsx";
import { TextField } from "./text-field.tsx";
import { useSubmission } from "./use-submission.ts";

/** Hands the export to the browser as a file, named after the person and the day. */
function download(data: PersonData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `personal-data-${data.email.replace(/[^a-z0-9@.-]/gi, "_")}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * A visitor asks what the business holds about them, or to be forgotten (ADR 0032): the owner
 * downloads it as a file or erases it, after saying so in a dialog. Refusals (an appointment still
 * to come) are the server's, in the page's language.
 */
export function PersonDataSection({ locale }: { locale: LocaleCode }) {
  const { i18n } = useLingui();
  const t = (key: string, values?: Record<string, unknown>) => i18n._(`console.privacy.${key}`, values);
  const [email, setEmail] = useState("");
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState("");
  const { busy, problem, alertRef, run } = useSubmission();

  async function exportData(event: FormEvent) {
    event.preventDefault();
    setStatus("");
    await run(async () => {
      const data = await callApi<PersonData>(locale, "POST", "/business/people/export", { email });
      download(data);
      setStatus(t("exported", { bookings: data.bookings.length, submissions: data.submissions.length }));
    });
  }

  async function erase() {
    setStatus("");
    await run(async () => {
      const { erased } = await callApi<{ erased: ErasureCounts }>(locale, "POST", "/business/people/erase", { email });
      setStatus(
        t("erased", {
          bookings: erased.bookings,
          guestEntries: erased.guestEntries,
          submissions: erased.submissions,
        }),
      );
    });
  }

  return (
    <section className="console-section" aria-labelledby="settings-privacy">
      <h2 id="settings-privacy">{t("title")}</h2>
      <p className="console-muted">{t("intro")}</p>
      <FormProblem ref={alertRef} problem={problem} fields={["email"]} />
      <p className="console-saved" role="status">
        {status}
      </p>
      <form onSubmit={exportData} noValidate>
        <TextField
          name="email"
          path="email"
          type="email"
          label={t("email")}
          error={messageAt(i18n, problem, "email", "console.privacy.error.email")}
          value={email}
          onChange={setEmail}
          input={{ autoCapitalize: "none", spellCheck: false }}
        />
        <div className="console-form-actions">
          <button type="submit" className="console-button" disabled={busy} aria-busy={busy}>
            {t("export")}
          </button>
          <button
            type="button"
            className="console-button console-button--danger"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            {t("erase")}
          </button>
        </div>
      </form>
      <ConfirmDialog
        title={asking ? t("confirmTitle", { email }) : null}
        body={t("confirmBody")}
        confirmLabel={t("confirm")}
        onConfirm={() => void erase()}
        onClose={() => setAsking(false)}
      />
    </section>
  );
}
