import { useLingui } from "@lingui/react";
import type { FormEvent } from "react";
import type { CalendarView, ServiceView } from "../../app/business/ports.ts";
import type { CouponView } from "../../app/coupons/ports.ts";
import { amountText, formatMoney } from "../../core/payments/money.ts";
import { languageTag } from "../../i18n/locales.ts";
import { Field } from "../components/form-field.tsx";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { ChecksField } from "../features/console/checks-field.tsx";
import { ChoiceField } from "../features/console/choice-field.tsx";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { callApi } from "../features/console/console-api.ts";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import {
  COUPON_FIELD_MESSAGES,
  couponBody,
  couponDraftOf,
  newCouponDraft,
  type CouponDraft,
  type CouponKind,
} from "../features/console/coupon-draft.ts";
import { AddEntryButton, EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { isAboutFields, problemAt } from "../features/console/field-problems.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { EntryList, RowActions } from "../features/console/row-actions.tsx";
import { TextField } from "../features/console/text-field.tsx";
import { useEditor } from "../features/console/use-editor.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-coupons";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const [coupons, services, calendars] = await Promise.all([
    callApi<CouponView[]>(locale, "GET", "/business/coupons"),
    callApi<ServiceView[]>(locale, "GET", "/business/services"),
    callApi<CalendarView[]>(locale, "GET", "/business/calendars"),
  ]);
  return { allowed: true as const, locale, session, coupons, services, calendars };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.coupons.title");

/**
 * The business's coupons (owner only; issue 24): each code with what it takes off, when it is
 * valid (in the business's zone), what it is for, its limits and how often it was used; added,
 * changed, turned off and on, and deleted.
 */
export default function ConsoleCoupons({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <CouponsScreen loaderData={loaderData} />;
}

const FIELDS = Object.keys(COUPON_FIELD_MESSAGES);

function CouponsScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, session, coupons, services, calendars } = loaderData;
  const refresh = useRefresh();
  const { currency, timeZone } = session.business;
  const tag = languageTag(locale);
  const editor = useEditor<CouponDraft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;
  const t = useScreenMessages("console.coupons");
  const money = (minor: number) => formatMoney(minor, currency, tag);
  const when = new Intl.DateTimeFormat(tag, { timeZone, dateStyle: "medium", timeStyle: "short" });
  const example = amountText(500, currency, tag);

  const checked = draft ? couponBody(draft, currency, timeZone) : null;
  const errorAt = (path: string): string | undefined => {
    const key = checked && isChecking ? checked.problems[path] : undefined;
    if (key) return i18n._(key, { example });
    const server = problemAt(problem, path);
    if (!server) return undefined;
    if (server.code === "CODE_TAKEN" || (path === "code" && (problem as { code?: string }).code === "CODE_TAKEN"))
      return t("error.codeTaken");
    return i18n._(COUPON_FIELD_MESSAGES[path]!, { example });
  };
  const onField = isAboutFields(problem, FIELDS) || (problem as { code?: string } | null)?.code === "CODE_TAKEN";

  function save(event: FormEvent) {
    const isValid = checked !== null && Object.keys(checked.problems).length === 0;
    return editor.submit(event, isValid, async () => {
      if (!draft || !checked) return;
      if (draft.id === null) await callApi<CouponView>(locale, "POST", "/business/coupons", checked.body);
      else
        await callApi<CouponView>(locale, "PATCH", `/business/coupons/${encodeURIComponent(draft.id)}`, checked.body);
      await refresh();
      setStatus(t("saved", { code: String(checked.body.code).toUpperCase() }));
      editor.close();
    });
  }

  async function setActive(coupon: CouponView, isActive: boolean) {
    editor.setProblem(null);
    try {
      await callApi<CouponView>(locale, "PATCH", `/business/coupons/${encodeURIComponent(coupon.id)}`, { isActive });
      await refresh();
      setStatus(t(isActive ? "turnedOn" : "turnedOff", { code: coupon.code }));
    } catch (error) {
      editor.setProblem(error);
    }
  }

  const remove = (coupon: CouponView) =>
    editor.remove(coupon.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/coupons/${encodeURIComponent(coupon.id)}`);
      await refresh();
      setStatus(t("removed", { code: coupon.code }));
    });
  const removal = useRemoval<CouponView>(remove, (entry) => t("removeTitle", { code: entry.code }), t("removeBody"));

  const nameOf = new Map<string, string>([
    ...services.map((s) => [s.id, s.name] as const),
    ...calendars.map((c) => [c.id, c.name] as const),
  ]);
  const shown = coupons.filter((c) => editor.isShown(c.id));
  const now = Date.now();

  return (
    <ConsoleScreen
      id="coupons-title"
      title={t("title")}
      locale={locale}
      intro={t("intro")}
      actions={<AddEntryButton editor={editor} newEntry={() => newCouponDraft()} label={t("add")} />}
    >
      <ProblemAlert ref={refs.alert} problem={onField ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="coupon"
          id={draft.id}
          t={t}
          editTitle={() => t("editTitle", { code: draft.code })}
          editor={editor}
          onSubmit={save}
        >
          <div className="console-form-grid">
            <TextField
              name="code"
              label={t("code")}
              hint={t("codeHint")}
              error={errorAt("code")}
              value={draft.code}
              onChange={(code) => setDraft({ ...draft, code })}
              input={{ maxLength: 64, autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }}
            />
            <ChoiceField
              path="value.kind"
              name="kind"
              label={t("kind")}
              error={undefined}
              isRequired
              value={draft.kind}
              onChange={(kind) => setDraft({ ...draft, kind: kind as CouponKind })}
              options={[
                { value: "percentage", label: t("kindPercentage") },
                { value: "amount", label: t("kindAmount", { currency }) },
              ]}
            />
            {draft.kind === "percentage" ? (
              <TextField
                path="value.percent"
                name="percent"
                label={t("percent")}
                hint={t("percentHint")}
                error={errorAt("value.percent")}
                value={draft.value}
                onChange={(value) => setDraft({ ...draft, value })}
                input={{ inputMode: "numeric", autoComplete: "off" }}
              />
            ) : (
              <TextField
                path="value.amountMinor"
                name="amount"
                label={t("amount", { currency })}
                hint={t("amountHint", { example })}
                error={errorAt("value.amountMinor") ?? errorAt("currency")}
                value={draft.value}
                onChange={(value) => setDraft({ ...draft, value })}
                input={{ inputMode: "decimal", autoComplete: "off" }}
              />
            )}
          </div>
          <div className="console-form-grid">
            <Field
              path="validFrom"
              label={t("validFrom")}
              hint={t("validHint", { zone: timeZone })}
              error={errorAt("validFrom")}
            >
              {(aria) => (
                <input
                  {...aria}
                  name="validFrom"
                  type="datetime-local"
                  value={draft.validFrom}
                  onChange={(e) => setDraft({ ...draft, validFrom: e.target.value })}
                />
              )}
            </Field>
            <Field path="validUntil" label={t("validUntil")} hint={t("validUntilHint")} error={errorAt("validUntil")}>
              {(aria) => (
                <input
                  {...aria}
                  name="validUntil"
                  type="datetime-local"
                  value={draft.validUntil}
                  min={draft.validFrom || undefined}
                  onChange={(e) => setDraft({ ...draft, validUntil: e.target.value })}
                />
              )}
            </Field>
            <TextField
              name="maxUses"
              label={t("maxUses")}
              hint={t("unlimitedHint")}
              isRequired={false}
              error={errorAt("maxUses")}
              value={draft.maxUses}
              onChange={(maxUses) => setDraft({ ...draft, maxUses })}
              input={{ inputMode: "numeric", autoComplete: "off" }}
            />
            <TextField
              name="maxUsesPerVisitor"
              label={t("maxUsesPerVisitor")}
              hint={t("perVisitorHint")}
              isRequired={false}
              error={errorAt("maxUsesPerVisitor")}
              value={draft.maxUsesPerVisitor}
              onChange={(maxUsesPerVisitor) => setDraft({ ...draft, maxUsesPerVisitor })}
              input={{ inputMode: "numeric", autoComplete: "off" }}
            />
          </div>
          <ChecksField
            path="serviceIds"
            name="serviceIds"
            legend={t("services")}
            hint={t("servicesHint")}
            empty={t("noServices")}
            options={services.map((s) => ({ value: s.id, label: s.name }))}
            values={draft.serviceIds}
            onChange={(serviceIds) => setDraft({ ...draft, serviceIds })}
            error={errorAt("serviceIds")}
          />
          <ChecksField
            path="calendarIds"
            name="calendarIds"
            legend={t("calendars")}
            hint={t("calendarsHint")}
            empty={t("noCalendars")}
            options={calendars.map((c) => ({ value: c.id, label: c.name }))}
            values={draft.calendarIds}
            onChange={(calendarIds) => setDraft({ ...draft, calendarIds })}
            error={errorAt("calendarIds")}
          />
          <label className="check">
            <input
              type="checkbox"
              name="isActive"
              checked={draft.isActive}
              onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
            />
            <span>{t("isActive")}</span>
          </label>
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={t("none")}>
        {shown.map((coupon) => {
          const off =
            coupon.value.kind === "percentage"
              ? new Intl.NumberFormat(tag, { style: "percent" }).format(coupon.value.percent / 100)
              : money(coupon.value.amountMinor);
          const isExpired = coupon.validUntil !== null && Date.parse(coupon.validUntil) <= now;
          const state = !coupon.isActive ? t("stateOff") : isExpired ? t("stateExpired") : t("stateOn");
          const window =
            coupon.validFrom && coupon.validUntil
              ? t("validBetween", {
                  from: when.format(new Date(coupon.validFrom)),
                  until: when.format(new Date(coupon.validUntil)),
                })
              : coupon.validFrom
                ? t("validSince", { from: when.format(new Date(coupon.validFrom)) })
                : coupon.validUntil
                  ? t("validTill", { until: when.format(new Date(coupon.validUntil)) })
                  : t("validAlways");
          const forWhat = [...coupon.serviceIds, ...coupon.calendarIds].map((id) => nameOf.get(id)).filter(Boolean);
          return (
            <li key={coupon.id} className="console-row">
              <div className="console-row__main">
                <h2 className="console-row__title">
                  {coupon.code} <span className="console-muted">· {state}</span>
                </h2>
                <p className="console-muted console-row__detail">
                  {t("off", { amount: off })} · {window}
                </p>
                <p className="console-muted console-row__detail">
                  {coupon.maxUses === null
                    ? t("usesUnlimited", { count: coupon.uses })
                    : t("usesOf", { count: coupon.uses, max: coupon.maxUses })}
                  {coupon.maxUsesPerVisitor === null
                    ? ""
                    : ` · ${t("perVisitor", { count: coupon.maxUsesPerVisitor })}`}
                  {" · "}
                  {forWhat.length > 0 ? t("forOnly", { names: forWhat.join(", ") }) : t("forAll")}
                </p>
              </div>
              <RowActions
                name={coupon.code}
                onEdit={() => editor.open(couponDraftOf(coupon, currency, timeZone, tag))}
                onRemove={() => removal.ask(coupon)}
              >
                <button
                  type="button"
                  className="console-button console-button--quiet"
                  onClick={() => void setActive(coupon, !coupon.isActive)}
                >
                  {t(coupon.isActive ? "turnOff" : "turnOn")}
                  <span className="visually-hidden"> {coupon.code}</span>
                </button>
              </RowActions>
            </li>
          );
        })}
      </EntryList>
      {removal.dialog}
    </ConsoleScreen>
  );
}
