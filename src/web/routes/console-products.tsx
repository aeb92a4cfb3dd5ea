import { useLingui } from "@lingui/react";
import type { FormEvent } from "react";
import type { ProductRecord } from "../../app/content/ports.ts";
import {
  OUT_OF_STOCK_POLICIES,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type OutOfStockPolicy,
  type ProductRuleCode,
  type ProductStatus,
  type ProductType,
} from "../../core/content/product.ts";
import { amountText, formatMoney } from "../../core/payments/money.ts";
import { languageTag } from "../../i18n/locales.ts";
import { Field, FieldError } from "../components/form-field.tsx";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { ApiProblem, callApi } from "../features/console/console-api.ts";
import { ChoiceField } from "../features/console/choice-field.tsx";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, consolePath, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { AddEntryButton, EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { isAboutFields } from "../features/console/field-problems.ts";
import { MediaGallery } from "../features/console/image-picker.tsx";
import {
  check,
  DESCRIPTION_MAX,
  emptyVariant,
  fieldMessage,
  MAX_MEDIA,
  MAX_OPTIONS,
  MAX_VARIANTS,
  RULE_MESSAGES,
  SKU_MAX,
  TEXT_MAX,
  valuesOf,
  type Draft,
  type OptionDraft,
  type VariantDraft,
} from "../features/console/product-draft.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { NumberedPageLinks } from "../features/console/page-links.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { EntryList, RowActions, RowLink } from "../features/console/row-actions.tsx";
import { NameAndSlugFields } from "../features/console/slug-fields.tsx";
import { TextField } from "../features/console/text-field.tsx";
import { useEditor } from "../features/console/use-editor.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-products";

/** Products per page of the list. */
const PAGE_SIZE = 20;
export type Product = ProductRecord & { readonly url: string; readonly previewUrl: string };
export interface ProductPage {
  readonly items: Product[];
  readonly total: number;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1));
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) });
  const products = await callApi<ProductPage>(locale, "GET", `/business/products?${query}`);
  return { allowed: true as const, locale, session, products, page };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.products.title");

const FIELDS = [
  "title",
  "slug",
  "type",
  "status",
  "descriptionHtml",
  "currency",
  "options",
  "variants",
  "outOfStock",
  "media",
];

/** The lowest and highest price of a product's variants, in the page's language. */
function priceRange(product: Product, tag: string): string {
  const prices = product.variants.map((v) => v.priceMinor);
  if (prices.length === 0) return "";
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  const money = (minor: number) => formatMoney(minor, product.currency, tag);
  return low === high ? money(low) : `${money(low)} – ${money(high)}`;
}

/**
 * The shop's products (owner only; issue 16): each with its status, prices and stock, added,
 * changed and removed here with its options, variants (prices typed in the product's currency),
 * stock policy and image gallery. A product not yet active opens in a preview.
 */
export default function ConsoleProducts({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <ProductsScreen loaderData={loaderData} />;
}

function ProductsScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, session, products, page } = loaderData;
  const t = useScreenMessages("console.products");
  const tag = languageTag(locale);
  const refresh = useRefresh();
  const editor = useEditor<Draft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;

  const clientProblems = draft && isChecking ? check(draft).problems : new Map<string, string>();
  const errorOf = (path: string): string | undefined => {
    const key = clientProblems.get(path);
    if (key) return i18n._(key, { example: draft ? amountText(4550, draft.currency, tag) : "" });
    // Only the error about this very field: a variant's own message is not repeated at its prices.
    const error = problem instanceof ApiProblem ? problem.errors.find((e) => e.path === path) : undefined;
    if (!error) return undefined;
    if (error.code === "SLUG_TAKEN") return t("error.slugTaken");
    if (error.code in RULE_MESSAGES) return i18n._(RULE_MESSAGES[error.code as ProductRuleCode]);
    return i18n._(fieldMessage(error.path), { example: draft ? amountText(4550, draft.currency, tag) : "" });
  };

  function save(event: FormEvent) {
    const checked = draft && check(draft);
    return editor.submit(event, checked !== null && checked.problems.size === 0, async () => {
      if (!draft || !checked) return;
      if (draft.id === null) await callApi<Product>(locale, "POST", "/business/products", checked.body);
      else await callApi<Product>(locale, "PATCH", `/business/products/${encodeURIComponent(draft.id)}`, checked.body);
      await refresh();
      setStatus(t("saved", { title: checked.body.title }));
      editor.close();
    });
  }

  const remove = (product: Product) =>
    editor.remove(product.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/products/${encodeURIComponent(product.id)}`);
      await refresh();
      setStatus(t("removed", { title: product.title }));
    });
  const removal = useRemoval<Product>(remove, (entry) => t("removeTitle", { title: entry.title }), t("removeBody"));

  const EMPTY: Draft = {
    id: null,
    title: "",
    slug: "",
    isSlugTyped: false,
    type: "physical",
    status: "draft",
    descriptionHtml: "",
    currency: session.business.currency,
    options: [],
    variants: [emptyVariant(0)],
    outOfStock: "deny",
    media: [],
  };

  function edit(product: Product) {
    editor.open({
      id: product.id,
      title: product.title,
      slug: product.slug,
      isSlugTyped: true,
      type: product.type,
      status: product.status,
      descriptionHtml: product.descriptionHtml,
      currency: product.currency,
      options: product.options.map((o) => ({ name: o.name, values: o.values.join(", ") })),
      variants: product.variants.map((v) => ({
        options: v.options,
        price: amountText(v.priceMinor, product.currency, tag),
        compareAt: v.compareAtMinor === null ? "" : amountText(v.compareAtMinor, product.currency, tag),
        stock: v.stockQuantity === null ? "" : String(v.stockQuantity),
        sku: v.sku ?? "",
      })),
      outOfStock: product.outOfStock,
      media: product.media,
    });
  }

  const shown = products.items.filter((p) => editor.isShown(p.id));

  return (
    <ConsoleScreen
      id="products-title"
      title={t("title")}
      locale={locale}
      intro={t("count", { count: products.total })}
      actions={<AddEntryButton editor={editor} newEntry={() => EMPTY} label={t("add")} />}
    >
      <ProblemAlert ref={refs.alert} problem={isAboutFields(problem, FIELDS) ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="product"
          id={draft.id}
          t={t}
          editTitle={(id) => t("editTitle", { title: products.items.find((p) => p.id === id)?.title ?? "" })}
          editor={editor}
          onSubmit={save}
        >
          <ProductFields draft={draft} setDraft={setDraft} errorOf={errorOf} />
          <MediaGallery
            locale={locale}
            path="media"
            legend={t("media")}
            hint={t("mediaHint", { max: MAX_MEDIA })}
            media={draft.media}
            max={MAX_MEDIA}
            onChange={(media) => setDraft({ ...draft, media })}
            errorOf={errorOf}
          />
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={page > 1 ? t("noMore") : t("none")}>
        {shown.map((product) => {
          const counted = product.variants.filter((v) => v.stockQuantity !== null);
          return (
            <li key={product.id} className="console-row">
              <div className="console-row__main">
                <h2 className="console-row__title console-posts__title">{product.title}</h2>
                <p className="console-row__detail">
                  <span className={`console-status console-status--product-${product.status}`}>
                    {t(`state.${product.status}`)}
                  </span>{" "}
                  <span>{priceRange(product, tag)}</span>
                  <span className="console-muted">
                    {" · "}
                    {counted.length === 0
                      ? t("stockUncounted")
                      : t("stockTotal", { count: counted.reduce((sum, v) => sum + Math.max(0, v.stockQuantity!), 0) })}
                    {" · "}
                    {t("variantCount", { count: product.variants.length })}
                  </span>
                </p>
                <p className="console-muted console-row__detail">/product/{product.slug}</p>
              </div>
              <RowActions name={product.title} onEdit={() => edit(product)} onRemove={() => removal.ask(product)}>
                {product.status === "active" ? (
                  <RowLink href={product.url} label={t("view")} name={product.title} />
                ) : null}
                {/* A preview needs a token: the preview screen issues one, then opens the page. */}
                <RowLink
                  to={consolePath(`/console/products/${encodeURIComponent(product.id)}/preview`, locale)}
                  label={t("preview")}
                  name={product.title}
                />
              </RowActions>
            </li>
          );
        })}
      </EntryList>
      <NumberedPageLinks
        path={consolePath("/console/products", locale)}
        page={page}
        pageSize={PAGE_SIZE}
        total={products.total}
        label={t("pages")}
      />
      {removal.dialog}
    </ConsoleScreen>
  );
}

/** The product's own fields, its options and its variants. */
function ProductFields({
  draft,
  setDraft,
  errorOf,
}: {
  draft: Draft;
  setDraft(draft: Draft): void;
  errorOf(path: string): string | undefined;
}) {
  const t = useScreenMessages("console.products");
  const setOptions = (options: OptionDraft[], variants = draft.variants) => setDraft({ ...draft, options, variants });
  const setVariant = (i: number, change: Partial<VariantDraft>) =>
    setDraft({ ...draft, variants: draft.variants.map((v, j) => (j === i ? { ...v, ...change } : v)) });
  const { currency } = draft;

  return (
    <>
      <NameAndSlugFields
        field="title"
        label={t("productTitle")}
        maxLength={300}
        slugLabel={t("slug")}
        slugHint={t("slugHint")}
        value={{ name: draft.title, slug: draft.slug, isSlugTyped: draft.isSlugTyped }}
        onChange={({ name, ...slug }) => setDraft({ ...draft, ...slug, title: name })}
        errorOf={(field) => errorOf(field === "name" ? "title" : field)}
      />
      <div className="console-form-grid">
        <ChoiceField
          path="type"
          name="type"
          label={t("type")}
          value={draft.type}
          onChange={(type) => setDraft({ ...draft, type: type as ProductType })}
          options={PRODUCT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          error={errorOf("type")}
          isRequired
        />
        <ChoiceField
          path="status"
          name="status"
          label={t("status")}
          hint={t("statusHint")}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status: status as ProductStatus })}
          options={PRODUCT_STATUSES.map((value) => ({ value, label: t(`state.${value}`) }))}
          error={errorOf("status")}
          isRequired
        />
      </div>
      <Field
        path="descriptionHtml"
        label={t("description")}
        hint={t("descriptionHint")}
        error={errorOf("descriptionHtml")}
      >
        {(aria) => (
          <textarea
            {...aria}
            name="descriptionHtml"
            rows={5}
            maxLength={DESCRIPTION_MAX}
            value={draft.descriptionHtml}
            onChange={(e) => setDraft({ ...draft, descriptionHtml: e.target.value })}
          />
        )}
      </Field>

      <fieldset className="console-fieldset">
        <legend>{t("options")}</legend>
        <p className="field__hint">{t("optionsHint")}</p>
        {draft.options.map((option, i) => (
          <div key={i} className="console-form-grid console-product-option">
            <TextField
              name={`options.${i}.name`}
              label={t("optionName", { number: i + 1 })}
              value={option.name}
              autoComplete="off"
              input={{ maxLength: TEXT_MAX }}
              onChange={(name) => setOptions(draft.options.map((o, j) => (j === i ? { ...o, name } : o)))}
              error={errorOf(`options.${i}.name`)}
            />
            <TextField
              name={`options.${i}.values`}
              label={t("optionValues", { number: i + 1 })}
              hint={t("optionValuesHint")}
              value={option.values}
              autoComplete="off"
              onChange={(values) => setOptions(draft.options.map((o, j) => (j === i ? { ...o, values } : o)))}
              error={errorOf(`options.${i}.values`)}
            />
            <p>
              <button
                type="button"
                className="console-button console-button--quiet"
                onClick={() =>
                  setOptions(
                    draft.options.filter((_, j) => j !== i),
                    draft.variants.map((v) => ({ ...v, options: v.options.filter((_, j) => j !== i) })),
                  )
                }
              >
                {t("removeOption", { number: i + 1 })}
              </button>
            </p>
          </div>
        ))}
        {draft.options.length < MAX_OPTIONS ? (
          <button
            type="button"
            className="console-button console-button--quiet"
            onClick={() =>
              setOptions(
                [...draft.options, { name: "", values: "" }],
                draft.variants.map((v) => ({ ...v, options: [...v.options, ""] })),
              )
            }
          >
            {t("addOption")}
          </button>
        ) : null}
      </fieldset>

      <fieldset className="console-fieldset">
        <legend>{t("variants")}</legend>
        <p className="field__hint">{t("variantsHint", { currency })}</p>
        {errorOf("variants") ? <FieldError id="field-variants-error" error={errorOf("variants")!} /> : null}
        <ol className="console-variants">
          {draft.variants.map((variant, i) => {
            const groupError = errorOf(`variants.${i}.options`);
            return (
              <li key={i} className="console-variant">
                <h3 className="console-variant__title">{t("variant", { number: i + 1 })}</h3>
                {groupError ? <FieldError id={`field-variants-${i}-options-error`} error={groupError} /> : null}
                <div className="console-form-grid">
                  {draft.options.map((option, j) => (
                    <ChoiceField
                      key={j}
                      path={`variants.${i}.options.${j}`}
                      name={`variants.${i}.options.${j}`}
                      label={option.name.trim() || t("optionName", { number: j + 1 })}
                      value={variant.options[j] ?? ""}
                      onChange={(value) =>
                        setVariant(i, { options: variant.options.map((v, k) => (k === j ? value : v)) })
                      }
                      options={[
                        { value: "", label: t("chooseValue") },
                        ...valuesOf(option.values).map((value) => ({ value, label: value })),
                      ]}
                      error={errorOf(`variants.${i}.options.${j}`)}
                      isRequired
                    />
                  ))}
                  <TextField
                    name={`variants.${i}.priceMinor`}
                    label={t("price", { currency })}
                    value={variant.price}
                    autoComplete="off"
                    input={{ inputMode: "decimal" }}
                    onChange={(price) => setVariant(i, { price })}
                    error={errorOf(`variants.${i}.priceMinor`)}
                  />
                  <TextField
                    name={`variants.${i}.compareAtMinor`}
                    label={t("compareAt", { currency })}
                    hint={t("compareAtHint")}
                    isRequired={false}
                    value={variant.compareAt}
                    autoComplete="off"
                    input={{ inputMode: "decimal" }}
                    onChange={(compareAt) => setVariant(i, { compareAt })}
                    error={errorOf(`variants.${i}.compareAtMinor`)}
                  />
                  <TextField
                    name={`variants.${i}.stockQuantity`}
                    label={t("stock")}
                    hint={t("stockHint")}
                    isRequired={false}
                    value={variant.stock}
                    autoComplete="off"
                    input={{ inputMode: "numeric" }}
                    onChange={(stock) => setVariant(i, { stock })}
                    error={errorOf(`variants.${i}.stockQuantity`)}
                  />
                  <TextField
                    name={`variants.${i}.sku`}
                    label={t("sku")}
                    isRequired={false}
                    value={variant.sku}
                    autoComplete="off"
                    input={{ maxLength: SKU_MAX, spellCheck: false }}
                    onChange={(sku) => setVariant(i, { sku })}
                    error={errorOf(`variants.${i}.sku`)}
                  />
                </div>
                {draft.variants.length > 1 ? (
                  <button
                    type="button"
                    className="console-button console-button--quiet"
                    onClick={() => setDraft({ ...draft, variants: draft.variants.filter((_, j) => j !== i) })}
                  >
                    {t("removeVariant", { number: i + 1 })}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
        {draft.variants.length < MAX_VARIANTS ? (
          <button
            type="button"
            className="console-button console-button--quiet"
            onClick={() => setDraft({ ...draft, variants: [...draft.variants, emptyVariant(draft.options.length)] })}
          >
            {t("addVariant")}
          </button>
        ) : null}
        <ChoiceField
          path="outOfStock"
          name="outOfStock"
          label={t("outOfStock")}
          value={draft.outOfStock}
          onChange={(outOfStock) => setDraft({ ...draft, outOfStock: outOfStock as OutOfStockPolicy })}
          options={OUT_OF_STOCK_POLICIES.map((value) => ({ value, label: t(`policy.${value}`) }))}
          error={errorOf("outOfStock")}
          isRequired
        />
      </fieldset>
    </>
  );
}
