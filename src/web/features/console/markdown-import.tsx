/**
 * Posts imported from Markdown files (issue 16, ADR 0042): the owner chooses up to 20 `.md` files,
 * the browser reads them and sends them to `POST /api/business/posts/import`, and each file's
 * outcome is listed — created, with a link to the post, or refused with the server's reason in the
 * page's language. One refused file does not keep the others out.
 */
import { useLingui } from "@lingui/react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { FieldError } from "../../components/form-field.tsx";
import { MAX_IMPORT_FILES, MAX_MARKDOWN_BYTES } from "../../../core/content/import-limits.ts";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { callApi } from "./console-api.ts";
import { consolePath } from "./console-session.ts";
import { ProblemAlert } from "./problem-alert.tsx";
import { useSubmission } from "./use-submission.ts";

interface ImportReport {
  readonly created: number;
  readonly refused: number;
  readonly files: readonly {
    readonly name: string;
    readonly status: number;
    readonly post?: { readonly id: string; readonly slug: string; readonly url: string };
    readonly problem?: { readonly detail?: string; readonly errors?: readonly { readonly path: string }[] };
  }[];
}

export function MarkdownImport({ locale, onImported }: { locale: LocaleCode; onImported(): Promise<void> }) {
  const { i18n } = useLingui();
  const id = useId();
  const { problem, busy, alertRef, submitWith } = useSubmission();
  const [files, setFiles] = useState<readonly File[]>([]);
  const [isChecking, setIsChecking] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const t = (key: string, values?: Record<string, unknown>) => i18n._(`console.import.${key}`, values);

  const error = !isChecking
    ? undefined
    : files.length === 0
      ? t("error.none")
      : files.length > MAX_IMPORT_FILES
        ? t("error.tooMany", { max: MAX_IMPORT_FILES })
        : undefined;

  const send = submitWith(async () => {
    setIsChecking(true);
    setReport(null);
    if (files.length === 0 || files.length > MAX_IMPORT_FILES) return;
    // Read here: the server takes each file's name and text, and says per file what it made of it.
    const read = await Promise.all(files.map(async (file) => ({ name: file.name, markdown: await file.text() })));
    const answer = await callApi<ImportReport>(locale, "POST", "/business/posts/import", { files: read });
    setReport(answer);
    setIsChecking(false);
    if (answer.created > 0) await onImported();
  });

  const inputId = `${id}-files`;
  return (
    <form
      className="console-panel console-import"
      onSubmit={(e) => void send(e)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t("title")}</h2>
      <ProblemAlert ref={alertRef} problem={problem} />
      <div className={`field${error ? " field--invalid" : ""}`}>
        <label htmlFor={inputId}>{t("files")}</label>
        <p id={`${inputId}-hint`} className="field__hint">
          {t("hint", { max: MAX_IMPORT_FILES, size: MAX_MARKDOWN_BYTES / 1024 })}
        </p>
        <input
          id={inputId}
          type="file"
          name="files"
          multiple
          accept=".md,.markdown,text/markdown"
          aria-invalid={Boolean(error)}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
          onChange={(e) => {
            setFiles([...(e.target.files ?? [])]);
            setReport(null);
          }}
        />
        {error ? <FieldError id={`${inputId}-error`} error={error} /> : null}
      </div>
      <div className="console-form-actions">
        <button type="submit" className="console-button" disabled={busy} aria-busy={busy}>
          {t("send")}
        </button>
      </div>
      <div role="status">
        {report ? (
          <>
            <p>{t("summary", { created: report.created, refused: report.refused })}</p>
            <ul className="console-import__results">
              {report.files.map((file, i) => (
                <li key={i}>
                  {file.post ? (
                    <>
                      {t("created", { name: file.name })}{" "}
                      {/* Imported posts are drafts unless their front matter says otherwise: the preview shows either. */}
                      <Link to={consolePath(`/console/posts/${encodeURIComponent(file.post.id)}/preview`, locale)}>
                        /b/{file.post.slug}
                      </Link>
                    </>
                  ) : (
                    <>
                      {t("refused", { name: file.name, reason: file.problem?.detail ?? "" })}
                      {file.problem?.errors?.length ? (
                        <span className="console-muted"> ({file.problem.errors.map((e) => e.path).join(", ")})</span>
                      ) : null}
                    </>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </form>
  );
}
