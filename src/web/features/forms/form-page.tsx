/**
 * A form or survey page. Every step posts to the route's action (a plain POST without JavaScript,
 * a fetch with it), which validates on the server; once loaded, the same core checks run in the
 * browser first, fields show and hide as the visitor answers, and a survey's place is kept in
 * sessionStorage so a reload resumes it.
 */
import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { TrapField } from "../../components/trap-field.tsx";
import { pathTo, slidesAhead } from "../../../core/forms/advance.ts";
import type { PendingUpload } from "../../../app/forms/ports.ts";
import type { AnswerValue, Answers, Field, FormDefinition } from "../../../core/forms/definition.ts";
import { useBusinessLang } from "../../components/locale.tsx";
import { shownText } from "../../components/business-text.tsx";
import { activeFields, fallbackTarget } from "../../../core/forms/logic.ts";
import { acceptedKinds, maxBytesOf } from "../../../core/forms/uploads.ts";
import { validateAnswers, type AnswerErrorCode } from "../../../core/forms/validate-answers.ts";
import { fallbackChain, isLocaleCode } from "../../../i18n/locales.ts";
import { readSession, removeSession, writeSession } from "../../components/session-storage.ts";
import { answerErrorMessage } from "../../components/answer-error-messages.ts";
import { FormField } from "./form-fields.tsx";
import { NOTICE_MESSAGES, progressKey, type FormActionData, type FormPageData } from "./form-state.ts";

type Place = { current: string; answers: Answers; files?: Readonly<Record<string, PendingUpload>> };

/**
 * The answers to `fields` in a form element's current state. A file chosen but not yet sent counts
 * as an answer only `withChosenFiles` (to check a required field before sending).
 */
function answersOf(form: HTMLFormElement, definition: FormDefinition, withChosenFiles = false): Answers {
  const data = new FormData(form);
  const out: Record<string, AnswerValue> = {};
  for (const field of definition.slides.flatMap((s) => s.fields)) {
    const all = data.getAll(field.id);
    const values = all.filter((v): v is string => typeof v === "string");
    if (withChosenFiles && all.some((v) => typeof v !== "string" && v.size > 0)) out[field.id] = CHOSEN_FILE;
    else if (values.length > 0) out[field.id] = field.type === "checkboxes" ? values : values[0]!;
  }
  return out;
}

/** Stands for a chosen file in the check before sending: shaped like the reference the server will give it. */
const CHOSEN_FILE = `upload:${"x".repeat(43)}`;

/** A chosen file the field cannot take, by size and by the browser's word on its kind (the server reads its bytes). */
function refusedFiles(form: HTMLFormElement, fields: readonly Field[]): Record<string, AnswerErrorCode> {
  const errors: Record<string, AnswerErrorCode> = {};
  for (const field of fields) {
    if (field.type !== "file") continue;
    const input = form.querySelector<HTMLInputElement>(`input[type='file'][name='${field.id}']`);
    const chosen = input?.files?.[0];
    if (!chosen) continue;
    if (chosen.size > maxBytesOf(field)) errors[field.id] = "FILE_TOO_LARGE";
    else if (chosen.type !== "" && !(acceptedKinds(field) as readonly string[]).includes(chosen.type))
      errors[field.id] = "FILE_TYPE";
  }
  return errors;
}

/** Whether "Next" on this slide can only finish (every way out is an ending). */
function isFinalSlide(definition: FormDefinition, slideId: string): boolean {
  const index = definition.slides.findIndex((s) => s.id === slideId);
  const slide = definition.slides[index]!;
  const endings = new Set(definition.endings.map((e) => e.id));
  const targets = [
    fallbackTarget(definition, index),
    ...(slide.rules ?? []).map((r) => (r.action.type === "jump" ? r.action.to : null)),
  ];
  return targets.every((t) => t === null || endings.has(t));
}

export function FormPage({ page, result }: { page: FormPageData; result: FormActionData | undefined }) {
  const { i18n } = useLingui();
  const chain = fallbackChain(isLocaleCode(i18n.locale) ? i18n.locale : "en");
  const businessLang = useBusinessLang();
  const { definition } = page;
  const storageKey = progressKey(page.id, page.version);
  const [restored, setRestored] = useState<Place | null>(null);
  const [live, setLive] = useState<Answers | null>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (result) return;
    try {
      const saved = readSession(storageKey);
      if (saved) setRestored(JSON.parse(saved) as Place);
    } catch {
      removeSession(storageKey);
    }
  }, [result, storageKey]);

  useEffect(() => {
    setClientErrors(null);
    setLive(null);
    if (result?.kind === "slide")
      writeSession(
        storageKey,
        JSON.stringify({ current: result.current, answers: result.answers, files: result.files ?? {} }),
      );
    else if (result) removeSession(storageKey);
    if (firstRender.current) {
      firstRender.current = false;
      if (!result) return;
    }
    const invalid = document.querySelector<HTMLElement>(".form-page [aria-invalid='true']");
    (invalid ?? headingRef.current)?.focus();
  }, [result, storageKey]);

  if (result?.kind === "done" || result?.kind === "disqualified") {
    return (
      <section className="form-page form-page--end" aria-labelledby="form-end-title">
        <h1
          id="form-end-title"
          ref={headingRef}
          tabIndex={-1}
          lang={result.kind === "done" && result.title ? result.titleLang : undefined}
        >
          {result.kind === "done" ? result.title || i18n._("forms.thanks") : i18n._("forms.disqualifiedTitle")}
        </h1>
        <p lang={result.kind === "done" ? result.bodyLang : result.messageLang}>
          {result.kind === "done" ? result.body : result.message}
        </p>
      </section>
    );
  }

  const place: Place & { errors: Readonly<Record<string, string>>; notice?: string; fill?: string } =
    result?.kind === "slide"
      ? result
      : { ...(restored ?? { current: definition.slides[0]!.id, answers: {} }), errors: {} };
  const answers: Answers = { ...page.prefill, ...place.answers, ...live };
  const path = pathTo(definition, answers, place.current);
  const current = path[path.length - 1]!;
  const slide = definition.slides.find((s) => s.id === current)!;
  const slideTitle = slide.title ? shownText(slide.title, chain) : null;
  const shown = new Set(activeFields(slide, answers).map((f) => f.id));
  const onSlide = new Set(slide.fields.map((f) => f.id));
  const errors = clientErrors ?? place.errors;
  const errorCount = Object.keys(errors).length;
  const total = path.length - 1 + slidesAhead(definition, current);
  const isSurvey = page.kind === "survey";
  const files = place.files ?? {};
  const hasFiles = definition.slides.some((s) => s.fields.some((f) => f.type === "file"));

  function validateFirst(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "back") return;
    const checked = validateAnswers(definition, [current], {
      ...answers,
      ...answersOf(event.currentTarget, definition, true),
    });
    const found = {
      ...Object.fromEntries(checked.errors.map((e) => [e.field, e.code])),
      ...refusedFiles(event.currentTarget, slide.fields),
    };
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    setClientErrors(found);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(".form-page [aria-invalid='true']")?.focus());
  }

  return (
    <section className="form-page" aria-labelledby="form-title">
      <h1 id="form-title" ref={slide.title ? undefined : headingRef} tabIndex={-1} lang={businessLang}>
        {page.name}
      </h1>
      {isSurvey ? (
        <div className="form-progress">
          <p id="form-progress-label">{i18n._("forms.progress", { current: path.length, total })}</p>
          <progress value={path.length} max={total} aria-labelledby="form-progress-label" />
        </div>
      ) : null}
      {place.notice ? (
        <p className="notice" role="alert">
          {i18n._(NOTICE_MESSAGES[place.notice as keyof typeof NOTICE_MESSAGES])}
        </p>
      ) : null}
      {errorCount > 0 ? (
        <p className="form-page__summary" role="alert">
          {i18n._("forms.errorSummary")}
        </p>
      ) : null}
      <Form
        method="post"
        {...(hasFiles ? { encType: "multipart/form-data" as const } : {})}
        noValidate
        key={`${current}:${page.version}`}
        onSubmit={validateFirst}
        onChange={(event) => setLive(answersOf(event.currentTarget, definition))}
      >
        {slideTitle ? (
          <h2 ref={headingRef} tabIndex={-1} lang={slideTitle.lang}>
            {slideTitle.text}
          </h2>
        ) : null}
        <input type="hidden" name="_slide" value={current} />
        <input type="hidden" name="_version" value={page.version} />
        <input type="hidden" name="_fill" value={place.fill ?? page.fill} />
        {Object.entries(answers)
          .filter(([id]) => !onSlide.has(id))
          .flatMap(([id, value]) =>
            (typeof value === "string" ? [value] : value).map((v, i) => (
              <input key={`${id}:${i}`} type="hidden" name={id} value={v} />
            )),
          )}
        <TrapField />
        {slide.fields
          .filter((f) => shown.has(f.id))
          .map((field) => {
            const code = errors[field.id];
            const message = code ? i18n._(answerErrorMessage(code, field.type)) : undefined;
            return (
              <FormField
                key={field.id}
                field={field}
                value={answers[field.id]}
                error={message}
                chain={chain}
                file={files[field.id]}
              />
            );
          })}
        <div className="form-page__actions">
          <button type="submit" name="_intent" value="next" className="button">
            {i18n._(isFinalSlide(definition, current) ? "forms.submit" : "forms.next")}
          </button>
          {path.length > 1 ? (
            <button type="submit" name="_intent" value="back" formNoValidate className="button button--secondary">
              {i18n._("forms.back")}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
