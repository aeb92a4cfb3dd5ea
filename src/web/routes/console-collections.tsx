import { useLingui } from "@lingui/react";
import { useMemo, useState, type FormEvent } from "react";
import type { CollectionRecord } from "../../app/content/ports.ts";
import { FieldError } from "../components/form-field.tsx";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { callApi } from "../features/console/console-api.ts";
import { ChoiceField } from "../features/console/choice-field.tsx";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { AddEntryButton, EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { isAboutFields, messageAt, problemAt } from "../features/console/field-problems.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { moved, ReorderButtons } from "../features/console/reorder-buttons.tsx";
import { EntryList, RowActions, RowLink } from "../features/console/row-actions.tsx";
import { SLUG } from "../features/console/slug.ts";
import { NamedEntryFields } from "../features/console/named-entry-fields.tsx";
import { DESCRIPTION_MAX } from "../features/console/group-menu-draft.ts";
import { useEditor } from "../features/console/use-editor.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-collections";
import type { ProductPage } from "./console-products.tsx";

/** The most products the API lists at once: the choice offers them all (a small shop's catalogue). */
const PRODUCTS_LISTED = 100;

type Collection = CollectionRecord & { readonly url: string };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const [collections, products] = await Promise.all([
    callApi<Collection[]>(locale, "GET", "/business/collections"),
    callApi<ProductPage>(locale, "GET", `/business/products?limit=${PRODUCTS_LISTED}`),
  ]);
  return { allowed: true as const, locale, session, collections, products: products.items };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.collections.title");

interface Draft {
  readonly id: string | null;
  readonly name: string;
  readonly slug: string;
  readonly isSlugTyped: boolean;
  readonly description: string;
  readonly productIds: readonly string[];
  /** The product chosen in the "add" list, not yet added. */
  readonly adding: string;
}

type FieldName = "name" | "slug" | "description" | "productIds";
const FIELDS: readonly FieldName[] = ["name", "slug", "description", "productIds"];
const SERVER_MESSAGES: Record<FieldName, string> = {
  name: "console.collections.error.name",
  slug: "console.products.error.slug",
  description: "console.collections.error.description",
  productIds: "console.collections.error.products",
};

function check(draft: Draft) {
  const problems: Partial<Record<FieldName, string>> = {};
  if (draft.name.trim() === "") problems.name = "console.collections.error.name";
  if (!SLUG.test(draft.slug)) problems.slug = "console.products.error.slug";
  if (draft.description.length > DESCRIPTION_MAX) problems.description = "console.collections.error.description";
  const body = {
    name: draft.name.trim(),
    slug: draft.slug,
    description: draft.description,
    productIds: draft.productIds,
  };
  return { problems, body };
}

const EMPTY: Draft = { id: null, name: "", slug: "", isSlugTyped: false, description: "", productIds: [], adding: "" };

/**
 * The shop's collections (owner only; issue 16): each an ordered list of products with a page of
 * its own, added, changed and removed here; products are added from the catalogue and put in order
 * with buttons.
 */
export default function ConsoleCollections({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <CollectionsScreen loaderData={loaderData} />;
}

function CollectionsScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, collections, products } = loaderData;
  const t = useScreenMessages("console.collections");
  const refresh = useRefresh();
  const editor = useEditor<Draft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;
  const [orderStatus, setOrderStatus] = useState("");
  const titles = useMemo(() => new Map(products.map((p) => [p.id, p.title])), [products]);
  const titleOf = (id: string) => titles.get(id) ?? t("unknownProduct");

  const clientProblems = draft && isChecking ? check(draft).problems : {};
  const errorOf = (field: FieldName): string | undefined => {
    const key = clientProblems[field];
    if (key) return i18n._(key);
    if (field === "slug" && problemAt(problem, field)?.code === "SLUG_TAKEN") return t("error.slugTaken");
    return messageAt(i18n, problem, field, SERVER_MESSAGES[field]);
  };

  function save(event: FormEvent) {
    const checked = draft && check(draft);
    return editor.submit(event, checked !== null && Object.keys(checked.problems).length === 0, async () => {
      if (!draft || !checked) return;
      if (draft.id === null) await callApi<Collection>(locale, "POST", "/business/collections", checked.body);
      else
        await callApi<Collection>(
          locale,
          "PATCH",
          `/business/collections/${encodeURIComponent(draft.id)}`,
          checked.body,
        );
      await refresh();
      setStatus(t("saved", { name: checked.body.name }));
      editor.close();
    });
  }

  const remove = (collection: Collection) =>
    editor.remove(collection.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/collections/${encodeURIComponent(collection.id)}`);
      await refresh();
      setStatus(t("removed", { name: collection.name }));
    });
  const removal = useRemoval<Collection>(remove, (entry) => t("removeTitle", { name: entry.name }), t("removeBody"));

  const edit = (c: Collection) =>
    editor.open({
      id: c.id,
      name: c.name,
      slug: c.slug,
      isSlugTyped: true,
      description: c.description,
      productIds: c.productIds,
      adding: "",
    });

  const shown = collections.filter((c) => editor.isShown(c.id));
  const addable = draft ? products.filter((p) => !draft.productIds.includes(p.id)) : [];

  return (
    <ConsoleScreen
      id="collections-title"
      title={t("title")}
      locale={locale}
      intro={t("count", { count: collections.length })}
      actions={<AddEntryButton editor={editor} newEntry={() => EMPTY} label={t("add")} />}
    >
      <ProblemAlert ref={refs.alert} problem={isAboutFields(problem, FIELDS) ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="collection"
          id={draft.id}
          t={t}
          editTitle={(id) => t("editTitle", { name: collections.find((c) => c.id === id)?.name ?? "" })}
          editor={editor}
          onSubmit={save}
        >
          <NamedEntryFields
            draft={draft}
            labels={{ name: t("name"), slug: t("slug"), slugHint: t("slugHint"), description: t("description") }}
            onChange={setDraft}
            errorOf={errorOf}
          />
          <fieldset className="console-fieldset">
            <legend>{t("products")}</legend>
            <p className="field__hint">{t("productsHint")}</p>
            <p role="status" className="visually-hidden">
              {orderStatus}
            </p>
            {draft.productIds.length === 0 ? (
              <p className="console-muted">{t("noProducts")}</p>
            ) : (
              <ol className="console-ordered">
                {draft.productIds.map((id, i) => (
                  <li key={id} className="console-ordered__item">
                    <span className="console-ordered__name">{titleOf(id)}</span>
                    <ReorderButtons
                      list="collection-products"
                      index={i}
                      count={draft.productIds.length}
                      name={titleOf(id)}
                      onMove={(to) => {
                        setDraft({ ...draft, productIds: moved(draft.productIds, i, to) });
                        setOrderStatus(
                          i18n._("console.order.moved", {
                            name: titleOf(id),
                            number: to + 1,
                            count: draft.productIds.length,
                          }),
                        );
                      }}
                      onRemove={() => {
                        setDraft({ ...draft, productIds: draft.productIds.filter((p) => p !== id) });
                        setOrderStatus(i18n._("console.order.removed", { name: titleOf(id) }));
                      }}
                    />
                  </li>
                ))}
              </ol>
            )}
            {errorOf("productIds") ? <FieldError id="field-productIds-error" error={errorOf("productIds")!} /> : null}
            {addable.length > 0 ? (
              <div className="console-inline-add">
                <ChoiceField
                  path="adding"
                  name="adding"
                  label={t("addProduct")}
                  value={draft.adding}
                  onChange={(adding) => setDraft({ ...draft, adding })}
                  options={[
                    { value: "", label: t("chooseProduct") },
                    ...addable.map((p) => ({ value: p.id, label: p.title })),
                  ]}
                  error={undefined}
                />
                <button
                  type="button"
                  className="console-button console-button--quiet"
                  disabled={draft.adding === ""}
                  onClick={() => {
                    setDraft({ ...draft, productIds: [...draft.productIds, draft.adding], adding: "" });
                    setOrderStatus(i18n._("console.order.added", { name: titleOf(draft.adding) }));
                  }}
                >
                  {t("addToCollection")}
                </button>
              </div>
            ) : (
              <p className="console-muted">{t(products.length === 0 ? "noCatalogue" : "allAdded")}</p>
            )}
          </fieldset>
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={t("none")}>
        {shown.map((collection) => (
          <li key={collection.id} className="console-row">
            <div className="console-row__main">
              <h2 className="console-row__title console-posts__title">{collection.name}</h2>
              <p className="console-row__detail">{t("productCount", { count: collection.productIds.length })}</p>
              <p className="console-muted console-row__detail">/collections/{collection.slug}</p>
            </div>
            <RowActions name={collection.name} onEdit={() => edit(collection)} onRemove={() => removal.ask(collection)}>
              <RowLink href={collection.url} label={t("view")} name={collection.name} />
            </RowActions>
          </li>
        ))}
      </EntryList>
      {removal.dialog}
    </ConsoleScreen>
  );
}
