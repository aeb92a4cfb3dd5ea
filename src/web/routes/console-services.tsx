import { useLingui } from "@lingui/react";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import { useMemo, type FormEvent } from "react";
import type { ServiceView, StaffView } from "../../app/business/ports.ts";
import type { DepositRule } from "../../core/calendar/calendar.ts";
import { formatMoney } from "../../core/payments/money.ts";
import { languageTag, type LocaleCode } from "../../i18n/locales.ts";
import { Field } from "../components/form-field.tsx";
import { callApi, fieldProblem, type ConsoleSession } from "../features/console/console-api.ts";
import { requireSession } from "../features/console/console-session.ts";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { amountText, parseAmount } from "../../core/payments/money.ts";
import { depositDraftOf, depositRuleOf, type DepositDraft } from "../features/console/deposit-draft.ts";
import { DepositFields } from "../features/console/deposit-fields.tsx";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { EntryList, RowActions } from "../features/console/row-actions.tsx";
import { NameAndSlugFields } from "../features/console/slug-fields.tsx";
import { AddEntryButton, EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { ChecksField } from "../features/console/checks-field.tsx";
import { useEditor } from "../features/console/use-editor.ts";
import { problemAt } from "../features/console/field-problems.ts";
import { ServiceOffersEditor } from "../features/console/service-offers-editor.tsx";
import { offerMessageKey, offersBody, offersDraftOf, type OffersDraft } from "../features/console/service-offers.ts";
import { SLUG } from "../features/console/slug.ts";
import type { Route } from "./+types/console-services";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { locale, session } = await requireSession(request);
  if (session.user.role !== "owner") return { locale, session, services: null, staff: [] as StaffView[] };
  const [services, staff] = await Promise.all([
    callApi<ServiceView[]>(locale, "GET", "/business/services"),
    callApi<StaffView[]>(locale, "GET", "/business/staff"),
  ]);
  return { locale, session, services, staff };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

interface Draft {
  /** The service being changed; null while adding one. */
  readonly id: string | null;
  readonly name: string;
  readonly slug: string;
  /** Whether the owner typed the slug: until then it follows the name. */
  readonly isSlugTyped: boolean;
  readonly description: string;
  readonly duration: string;
  readonly price: string;
  readonly deposit: DepositDraft;
  readonly staffIds: readonly string[];
  /** Variations, add-ons, staff members' own terms and location (issue 24). */
  readonly offers: OffersDraft;
}

type FieldName = "name" | "slug" | "description" | "durationMinutes" | "priceCents" | "deposit" | "staffIds";
const FIELDS: readonly FieldName[] = [
  "name",
  "slug",
  "description",
  "durationMinutes",
  "priceCents",
  "deposit",
  "staffIds",
];

interface Checked {
  readonly problems: Partial<Record<FieldName, string>>;
  readonly body: Record<string, unknown>;
  /** What cannot be sent of the variations, add-ons, terms and location, by API path. */
  readonly offerProblems: Readonly<Record<string, string>>;
  readonly termIndex: Readonly<Record<string, number>>;
}

/** The API's lists the offers editor shows refusals of, next to their fields. */
const OFFER_PATHS = ["variations", "addOns", "staffTerms", "location"];

/** The draft as the API takes it, or the messages of what is wrong, per field (the API's own limits). */
function check(draft: Draft, currency: string): Checked {
  const problems: Partial<Record<FieldName, string>> = {};
  if (draft.name.trim() === "") problems.name = "console.services.nameMissing";
  if (!SLUG.test(draft.slug)) problems.slug = "console.services.slugInvalid";
  const duration = Number(draft.duration);
  if (!/^\d+$/.test(draft.duration.trim()) || duration < 5 || duration > 24 * 60)
    problems.durationMinutes = "console.services.durationInvalid";
  const price = draft.price.trim() === "" ? 0 : parseAmount(draft.price, currency);
  if (price === null) problems.priceCents = "console.services.priceInvalid";
  const { rule: deposit, problem: depositProblem } = depositRuleOf(draft.deposit, price, currency);
  if (depositProblem) problems.deposit = depositProblem;
  const offers = offersBody(draft.offers, currency, draft.staffIds);
  const body = {
    name: draft.name.trim(),
    slug: draft.slug,
    description: draft.description,
    durationMinutes: duration,
    priceCents: price ?? 0,
    deposit,
    staffIds: draft.staffIds,
    ...offers.body,
  };
  return { problems, body, offerProblems: offers.problems, termIndex: offers.termIndex };
}

/**
 * The services (owner only): what visitors book, how long it takes, what it costs (typed in the
 * business's currency, sent in minor units) and who performs it; added, changed and removed.
 */
export default function ConsoleServices({ loaderData }: Route.ComponentProps) {
  const { locale, session, services, staff } = loaderData;
  if (services === null) return <NotAllowed session={session} locale={locale} />;
  return <ServiceList locale={locale} session={session} services={services} staff={staff} />;
}

interface ListProps {
  locale: LocaleCode;
  session: ConsoleSession;
  services: ServiceView[];
  staff: StaffView[];
}

function ServiceList({ locale, session, services, staff }: ListProps) {
  const { i18n } = useLingui();
  const t = useScreenMessages("console.services");
  const refresh = useRefresh();
  const currency = session.business.currency;
  const tag = languageTag(locale);
  const editor = useEditor<Draft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;
  const staffNames = useMemo(() => new Map(staff.map((s) => [s.id, s.name])), [staff]);
  const example = amountText(4550, currency, tag);

  const checked = draft ? check(draft, currency) : null;
  const clientProblems = checked && isChecking ? checked.problems : {};
  const offerError = (path: string): string | undefined => {
    const key =
      (checked && isChecking ? checked.offerProblems[path] : undefined) ??
      (problemAt(problem, path) && draft ? offerMessageKey(path, draft.offers.locationKind) : undefined);
    return key ? i18n._(key, { example }) : undefined;
  };
  const errorOf = (field: FieldName): string | undefined => {
    const key = clientProblems[field];
    if (key) return i18n._(key, { example });
    const server = fieldProblem(problem, field) ?? fieldProblem(problem, `${field}.0`);
    if (!server) return undefined;
    if (field === "slug" && problem && (problem as { code?: string }).code === "SLUG_TAKEN")
      return i18n._("console.services.slugTaken");
    return i18n._(SERVER_MESSAGES[field], { example });
  };
  const depositError =
    errorOf("deposit") ??
    (fieldProblem(problem, "deposit.amountCents") || fieldProblem(problem, "deposit.percent")
      ? i18n._("console.services.depositInvalid")
      : undefined);
  const onField =
    FIELDS.some((f) => errorOf(f)) || Boolean(depositError) || OFFER_PATHS.some((p) => problemAt(problem, p));

  function save(event: FormEvent) {
    const isValid =
      checked !== null && Object.keys(checked.problems).length === 0 && Object.keys(checked.offerProblems).length === 0;
    return editor.submit(event, isValid, async () => {
      if (!draft || !checked) return;
      const { body } = checked;
      if (draft.id === null) await callApi<ServiceView>(locale, "POST", "/business/services", body);
      else await callApi<ServiceView>(locale, "PATCH", `/business/services/${encodeURIComponent(draft.id)}`, body);
      await refresh();
      setStatus(i18n._("console.services.saved", { name: String(body.name) }));
      editor.close();
    });
  }

  const remove = (service: ServiceView) =>
    editor.remove(service.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/services/${encodeURIComponent(service.id)}`);
      await refresh();
      setStatus(i18n._("console.services.removed", { name: service.name }));
    });
  const removal = useRemoval<ServiceView>(
    remove,
    (entry) => i18n._("console.services.removeTitle", { name: entry.name }),
    i18n._("console.services.removeBody"),
  );

  function edit(service: ServiceView) {
    editor.open({
      id: service.id,
      name: service.name,
      slug: service.slug,
      isSlugTyped: true,
      description: service.description,
      duration: String(service.durationMinutes),
      price: service.priceCents > 0 ? amountText(service.priceCents, currency, tag) : "",
      deposit: depositDraftOf(service.deposit, currency, tag),
      staffIds: service.staffIds,
      offers: offersDraftOf(service, currency, tag),
    });
  }

  const shown = services.filter((s) => editor.isShown(s.id));

  return (
    <section aria-labelledby="services-title" className="console-screen">
      <title>{`${i18n._("console.services.title")} – ${session.business.name}`}</title>
      <div className="console-screen__head">
        <h1 id="services-title">{i18n._("console.services.title")}</h1>
        <AddEntryButton
          editor={editor}
          newEntry={() => ({
            id: null,
            name: "",
            slug: "",
            isSlugTyped: false,
            description: "",
            duration: "30",
            price: "",
            deposit: depositDraftOf(null, currency, tag),
            staffIds: [],
            offers: offersDraftOf(null, currency, tag),
          })}
          label={i18n._("console.services.add")}
        />
      </div>
      <ProblemAlert ref={refs.alert} problem={onField ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="service"
          id={draft.id}
          t={t}
          editTitle={(id) => t("editTitle", { name: services.find((s) => s.id === id)?.name ?? "" })}
          editor={editor}
          onSubmit={save}
        >
          <div className="console-form-grid">
            <NameAndSlugFields
              field="name"
              label={i18n._("console.services.name")}
              maxLength={200}
              slugLabel={i18n._("console.services.slug")}
              slugHint={i18n._("console.services.slugHint")}
              value={draft}
              onChange={(named) => setDraft({ ...draft, ...named })}
              errorOf={(field) => errorOf(field === "title" ? "name" : field)}
            />
            <Field
              path="service-duration"
              label={i18n._("console.services.duration")}
              hint={i18n._("console.services.durationHint")}
              error={errorOf("durationMinutes")}
              isRequired
            >
              {(aria) => (
                <input
                  {...aria}
                  name="durationMinutes"
                  inputMode="numeric"
                  autoComplete="off"
                  value={draft.duration}
                  onChange={(e) => setDraft({ ...draft, duration: e.target.value })}
                />
              )}
            </Field>
            <Field
              path="service-price"
              label={i18n._("console.services.price", { currency })}
              hint={i18n._("console.services.priceHint", { example })}
              error={errorOf("priceCents")}
            >
              {(aria) => (
                <input
                  {...aria}
                  name="price"
                  inputMode="decimal"
                  autoComplete="off"
                  value={draft.price}
                  onChange={(e) => setDraft({ ...draft, price: e.target.value })}
                />
              )}
            </Field>
          </div>
          <Field
            path="service-description"
            label={i18n._("console.services.description")}
            error={errorOf("description")}
          >
            {(aria) => (
              <textarea
                {...aria}
                name="description"
                rows={3}
                maxLength={5000}
                value={draft.description}
                onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              />
            )}
          </Field>
          <div className="console-form-grid">
            <DepositFields
              path="service-deposit"
              names={{ kind: "depositKind", text: "deposit" }}
              label={i18n._("console.services.deposit")}
              noneLabel={i18n._("console.services.depositNone")}
              draft={draft.deposit}
              currency={currency}
              error={depositError}
              onChange={(deposit) => setDraft({ ...draft, deposit })}
            />
          </div>
          <ChecksField
            path="service-staff"
            name="staffIds"
            legend={i18n._("console.services.staff")}
            hint={i18n._("console.services.staffHint")}
            empty={i18n._("console.services.noStaff")}
            options={staff.map((member) => ({ value: member.id, label: member.name }))}
            values={draft.staffIds}
            onChange={(staffIds) => setDraft({ ...draft, staffIds })}
            error={errorOf("staffIds")}
          />
          <ServiceOffersEditor
            draft={draft.offers}
            onChange={(offers) => setDraft({ ...draft, offers })}
            errorAt={offerError}
            staff={staff.filter((member) => draft.staffIds.includes(member.id))}
            termIndex={checked?.termIndex ?? {}}
            currency={currency}
          />
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={i18n._("console.services.none")}>
        {shown.map((service) => {
          const by = service.staffIds
            .map((id) => staffNames.get(id))
            .filter(Boolean)
            .join(", ");
          return (
            <li key={service.id} className="console-row">
              <div className="console-row__main">
                <h2 className="console-row__title">{service.name}</h2>
                <p className="console-muted console-row__detail">
                  {i18n._("console.services.minutes", { count: service.durationMinutes })}
                  {" · "}
                  {service.priceCents > 0
                    ? formatMoney(service.priceCents, currency, tag)
                    : i18n._("console.services.free")}
                  {service.deposit
                    ? ` · ${i18n._("console.services.depositShown", { deposit: depositText(service.deposit, currency, tag) })}`
                    : ""}
                </p>
                <p className="console-muted console-row__detail">
                  {by ? i18n._("console.services.by", { names: by }) : i18n._("console.services.byAnyone")}
                </p>
                <OffersSummary service={service} staffNames={staffNames} currency={currency} tag={tag} />
              </div>
              <RowActions name={service.name} onEdit={() => edit(service)} onRemove={() => removal.ask(service)} />
            </li>
          );
        })}
      </EntryList>
      {removal.dialog}
    </section>
  );
}

/** A deposit rule as the list shows it: "€9.00" or "20 %" in the business's currency and the console's language. */
function depositText(deposit: DepositRule, currency: string, tag: string): string {
  return deposit.kind === "amount"
    ? formatMoney(deposit.amountCents, currency, tag)
    : new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 }).format(deposit.percent / 100);
}

/**
 * A service's variations (each with its length, price and own deposit, and the staff members' own
 * terms for it: "Long · 60 min · €45.00 · deposit 20 %", "Senior stylist: €70.00"), the members'
 * terms for the whole service, its add-ons and own location in its row, when it has any.
 */
function OffersSummary({
  service,
  staffNames,
  currency,
  tag,
}: {
  service: ServiceView;
  staffNames: ReadonlyMap<string, string>;
  currency: string;
  tag: string;
}) {
  const { i18n } = useLingui();
  const money = (minor: number) => (minor > 0 ? formatMoney(minor, currency, tag) : i18n._("console.services.free"));
  // "Senior stylist: €70.00 · 75 min" for each member with their own terms for `variationId`.
  const termsFor = (variationId: string | null) =>
    service.staffTerms
      .filter((t) => t.variationId === variationId && staffNames.has(t.staffId))
      .map((t) => ({
        key: t.staffId,
        text: i18n._("console.services.offers.termShown", {
          name: staffNames.get(t.staffId)!,
          terms: [
            t.priceMinor !== null ? money(t.priceMinor) : null,
            t.durationMinutes !== null ? i18n._("console.services.minutes", { count: t.durationMinutes }) : null,
          ]
            .filter(Boolean)
            .join(" · "),
        }),
      }));
  const serviceTerms = termsFor(null);
  const parts = [
    service.addOns.length > 0
      ? i18n._("console.services.offers.addOnsShown", {
          count: service.addOns.length,
          names: service.addOns.map((a) => a.name).join(", "),
        })
      : null,
    service.location
      ? `${i18n._(`console.location.kinds.${service.location.kind}`)}${service.location.value ? `: ${service.location.value}` : ""}`
      : null,
  ].filter(Boolean);
  return (
    <>
      {serviceTerms.length > 0 ? (
        <p className="console-muted console-row__detail">{serviceTerms.map((t) => t.text).join(" · ")}</p>
      ) : null}
      {service.variations.length > 0 ? (
        <ul className="console-muted console-row__variations" aria-label={i18n._("console.services.offers.variations")}>
          {service.variations.map((v) => {
            const terms = termsFor(v.id);
            return (
              <li key={v.id}>
                {[
                  v.name,
                  i18n._("console.services.minutes", { count: v.durationMinutes }),
                  money(v.priceMinor),
                  v.deposit
                    ? i18n._("console.services.depositShown", { deposit: depositText(v.deposit, currency, tag) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
                {terms.length > 0 ? (
                  <ul className="console-row__terms">
                    {terms.map((t) => (
                      <li key={t.key}>{t.text}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {parts.length > 0 ? <p className="console-muted console-row__detail">{parts.join(" · ")}</p> : null}
    </>
  );
}

/** What to say when the API refuses a field the draft's own checks let through. */
const SERVER_MESSAGES: Record<FieldName, string> = {
  name: "console.services.nameMissing",
  slug: "console.services.slugInvalid",
  description: "console.services.descriptionTooLong",
  durationMinutes: "console.services.durationInvalid",
  priceCents: "console.services.priceInvalid",
  deposit: "console.services.depositInvalid",
  staffIds: "console.services.staffInvalid",
};
