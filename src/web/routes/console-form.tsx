import { useMemo } from "react";
import type { ListedForm, StoredForm, Submission, SubmissionPage } from "../../app/forms/ports.ts";
import { answerLines } from "../../core/forms/answer-lines.ts";
import { allFields, type FormDefinition } from "../../core/forms/definition.ts";
import { fallbackChain, isLocaleCode, languageTag, type LocaleCode } from "../../i18n/locales.ts";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { ApiProblem, callApi } from "../features/console/console-api.ts";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, consolePath, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { PageLinks } from "../features/console/page-links.tsx";
import { byteSizeText } from "../../core/forms/uploads.ts";
import type { Route } from "./+types/console-form";

/** Submissions per page: enough to scan, few enough to read on a phone. */
const PAGE_SIZE = 20;

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const before = new URL(request.url).searchParams.get("before");
  const base = `/business/forms/${encodeURIComponent(params.formId)}`;
  try {
    const [forms, form, page] = await Promise.all([
      callApi<ListedForm[]>(locale, "GET", "/business/forms"),
      callApi<StoredForm>(locale, "GET", base),
      callApi<SubmissionPage>(
        locale,
        "GET",
        `${base}/submissions?${new URLSearchParams({ limit: String(PAGE_SIZE), ...(before ? { before } : {}) })}`,
      ),
    ]);
    // Each submission is labelled by the version its visitor answered (a question since renamed
    // or removed keeps the words it had then).
    const versions = [...new Set(page.items.map((s) => s.version))].filter((v) => v !== form.version);
    const earlier = await Promise.all(versions.map((v) => callApi<StoredForm>(locale, "GET", `${base}/versions/${v}`)));
    const definitions: Record<number, FormDefinition> = { [form.version]: form.definition };
    for (const version of earlier) definitions[version.version] = version.definition;
    const count = forms.find((f) => f.id === form.id)?.submissionCount ?? page.items.length;
    return { allowed: true as const, locale, session, form, count, page, definitions, isFirstPage: !before };
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404)
      return { allowed: true as const, locale, session, form: null };
    throw error;
  }
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.forms.submissionsTitle");

/**
 * One form's or survey's submissions (owner only), newest first, a page at a time: when each came
 * (in the business's time zone, written the page's way), each answer under its question, and the
 * whole lot as CSV from the business API.
 */
export default function ConsoleForm({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <SubmissionsScreen loaderData={loaderData} />;
}

type Data = OwnerData<Route.ComponentProps["loaderData"]>;

function SubmissionsScreen({ loaderData }: { loaderData: Data }) {
  const { locale, session } = loaderData;
  const t = useScreenMessages("console.forms");
  const back = { to: "/console/forms", label: t("back") };
  if (loaderData.form === null)
    return (
      <ConsoleScreen id="form-title" title={t("missingTitle")} locale={locale} back={back}>
        <p className="console-empty">{t("missing")}</p>
      </ConsoleScreen>
    );
  const { form, count, page, definitions, isFirstPage } = loaderData;
  const here = `/console/forms/${encodeURIComponent(form.id)}`;
  const publicPage = consolePath(`/widget/${form.kind}/${form.id}`, locale);
  return (
    <ConsoleScreen
      id="form-title"
      title={form.name}
      locale={locale}
      back={back}
      intro={`${t(form.kind === "form" ? "kindForm" : "kindSurvey")} · ${t("count", { count })}`}
      actions={
        <div className="console-card__actions">
          <a className="console-button console-button--quiet" href={publicPage}>
            {t("open")}
          </a>
          {count > 0 ? (
            // The API's export, with the columns headed in the owner's language.
            <a
              className="console-button"
              href={`/api/business/forms/${encodeURIComponent(form.id)}/submissions.csv?lang=${locale}`}
              download
            >
              {t("downloadCsv")}
            </a>
          ) : null}
        </div>
      }
    >
      {page.items.length === 0 ? (
        <p className="console-empty">{isFirstPage ? t("noSubmissions") : t("noOlder")}</p>
      ) : (
        <SubmissionList
          items={page.items}
          definitions={definitions}
          locale={locale}
          timeZone={session.business.timeZone}
        />
      )}
      <PageLinks
        label={t("pages")}
        isNewerTheFirst
        newer={isFirstPage ? null : consolePath(here, locale)}
        older={
          page.nextBefore === null
            ? null
            : `${consolePath(here, locale)}?${new URLSearchParams({ before: page.nextBefore })}`
        }
      />
    </ConsoleScreen>
  );
}

function SubmissionList({
  items,
  definitions,
  locale,
  timeZone,
}: {
  items: readonly Submission[];
  definitions: Readonly<Record<number, FormDefinition>>;
  locale: LocaleCode;
  timeZone: string;
}) {
  const t = useScreenMessages("console.forms");
  const chain = fallbackChain(locale);
  const when = useMemo(
    () => new Intl.DateTimeFormat(languageTag(locale), { timeZone, dateStyle: "medium", timeStyle: "short" }),
    [locale, timeZone],
  );
  // The visitor's language named in the reader's ("German" to an English console, "Deutsch" to a German one);
  // by our locale code, not its tag: "English", not "American English" ("pt-br" stays "Brazilian Portuguese").
  const languageName = useMemo(() => {
    const names = new Intl.DisplayNames([languageTag(locale)], { type: "language" });
    return (code: string) => (isLocaleCode(code) ? (names.of(code) ?? code) : code);
  }, [locale]);
  return (
    <ol className="console-list console-submissions">
      {items.map((submission) => {
        const definition = definitions[submission.version];
        // A consent's stored answer is a token, not words: say it in the reader's language.
        const consentIds = new Set(
          definition
            ? allFields(definition)
                .filter((f) => f.type === "consent")
                .map((f) => f.id)
            : [],
        );
        const lines = (definition ? answerLines(definition, submission.answers, chain) : []).map((line) =>
          consentIds.has(line.fieldId) ? { ...line, value: t("agreed") } : line,
        );
        return (
          <li key={submission.id} className="console-submission">
            <article aria-labelledby={`submission-${submission.id}`}>
              <h2 id={`submission-${submission.id}`} className="console-submission__when">
                <time dateTime={submission.createdAt}>{when.format(new Date(submission.createdAt))}</time>
              </h2>
              {submission.isDisqualified ? (
                <p>
                  <span className="console-status console-status--cancelled">{t("disqualified")}</span>
                </p>
              ) : null}
              {lines.length === 0 ? (
                <p className="console-muted">{t("noAnswers")}</p>
              ) : (
                <dl className="console-answers">
                  {lines.map((line) => {
                    const file = submission.files.find((f) => f.fieldId === line.fieldId);
                    return (
                      <div key={line.fieldId}>
                        <dt>{line.label}</dt>
                        <dd>
                          {file ? (
                            // The business API serves it as an attachment, to the signed-in owner only.
                            <a
                              href={`/api/business/forms/${encodeURIComponent(submission.formId)}/submissions/${submission.id}/files/${encodeURIComponent(file.fieldId)}`}
                              download={file.name}
                            >
                              {t("file", { name: file.name, size: byteSizeText(file.byteSize, languageTag(locale)) })}
                            </a>
                          ) : (
                            line.value
                          )}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              )}
              <p className="console-muted">{t("visitorLanguage", { language: languageName(submission.locale) })}</p>
              {submission.consentedAt ? (
                <p className="console-muted">
                  {t("consented", { when: when.format(new Date(submission.consentedAt)) })}
                </p>
              ) : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
