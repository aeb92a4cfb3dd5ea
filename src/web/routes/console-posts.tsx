import { useLingui } from "@lingui/react";
import { useMemo, useState, type FormEvent } from "react";
import type { AuthorRecord, CategoryRecord, PostRecord } from "../../app/content/ports.ts";
import { POST_STATUSES, type PostStatus } from "../../core/content/post-publication.ts";
import { languageTag } from "../../i18n/locales.ts";
import { Field } from "../components/form-field.tsx";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { callApi } from "../features/console/console-api.ts";
import { ChecksField } from "../features/console/checks-field.tsx";
import { ChoiceField } from "../features/console/choice-field.tsx";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, consolePath, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { CoverImageField, type ChosenImage } from "../features/console/image-picker.tsx";
import { MarkdownImport } from "../features/console/markdown-import.tsx";
import { isAboutFields, messageAt, problemAt } from "../features/console/field-problems.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { NumberedPageLinks } from "../features/console/page-links.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { EntryList, RowActions, RowLink } from "../features/console/row-actions.tsx";
import { SLUG } from "../features/console/slug.ts";
import { NameAndSlugFields } from "../features/console/slug-fields.tsx";
import { TextField } from "../features/console/text-field.tsx";
import { useEditor } from "../features/console/use-editor.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import { instantOfLocalInput, localInputOf } from "../features/console/zoned-input.ts";
import type { Route } from "./+types/console-posts";

/** Posts per page of the list. */
const PAGE_SIZE = 20;

type Post = PostRecord & { readonly url: string; readonly previewUrl: string };
interface PostPage {
  readonly items: Post[];
  readonly total: number;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1));
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) });
  const [posts, authors, categories] = await Promise.all([
    callApi<PostPage>(locale, "GET", `/business/posts?${query}`),
    callApi<AuthorRecord[]>(locale, "GET", "/business/authors"),
    callApi<CategoryRecord[]>(locale, "GET", "/business/categories"),
  ]);
  return { allowed: true as const, locale, session, posts, page, authors, categories };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.posts.title");

interface Draft {
  /** The post being changed; null while writing a new one. */
  readonly id: string | null;
  readonly title: string;
  readonly slug: string;
  /** Whether the owner typed the slug: until then it follows the title. */
  readonly isSlugTyped: boolean;
  readonly excerpt: string;
  readonly bodyHtml: string;
  readonly status: PostStatus;
  /** As the datetime-local input holds it, in the business's zone. */
  readonly publishAt: string;
  /** The stored instant, sent back unchanged unless the owner changed the time (no seconds lost). */
  readonly storedPublishAt: { readonly input: string; readonly iso: string } | null;
  readonly authorId: string;
  readonly categoryIds: readonly string[];
  /** As typed: separated by commas. */
  readonly tags: string;
  /** The cover image and its alt text; null for none. */
  readonly image: ChosenImage | null;
}

type FieldName =
  | "title"
  | "slug"
  | "excerpt"
  | "bodyHtml"
  | "status"
  | "publishAt"
  | "authorId"
  | "categoryIds"
  | "tags"
  | "imageUrl"
  | "imageAlt";
const FIELDS: readonly FieldName[] = [
  "title",
  "slug",
  "excerpt",
  "bodyHtml",
  "status",
  "publishAt",
  "authorId",
  "categoryIds",
  "tags",
  "imageUrl",
  "imageAlt",
];

/** What each field takes, said when the server refuses it for a reason the checks here do not know. */
const SERVER_MESSAGES: Record<FieldName, string> = {
  title: "console.posts.error.title",
  slug: "console.posts.error.slug",
  excerpt: "console.posts.error.excerpt",
  bodyHtml: "console.posts.error.body",
  status: "console.posts.error.status",
  publishAt: "console.posts.error.publishAt",
  authorId: "console.posts.error.author",
  categoryIds: "console.posts.error.categories",
  tags: "console.posts.error.tags",
  imageUrl: "console.images.error.unknown",
  imageAlt: "console.images.error.alt",
};

const EXCERPT_MAX = 2000;
const BODY_MAX = 500_000;
/** A tag the API takes (content-schemas.ts): up to 60 characters, no / ? or #; at most 50 of them. */
const TAG = /^[^/?#]{1,60}$/;
const TAGS_MAX = 50;
const tagsOf = (typed: string) => [
  ...new Set(
    typed
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** The draft as the API takes it, or per field what is wrong (the API's own rules, content-schemas.ts). */
function check(draft: Draft, zone: string) {
  const problems: Partial<Record<FieldName, string>> = {};
  if (draft.title.trim() === "") problems.title = "console.posts.error.title";
  if (!SLUG.test(draft.slug)) problems.slug = "console.posts.error.slug";
  if (draft.excerpt.length > EXCERPT_MAX) problems.excerpt = "console.posts.error.excerpt";
  if (draft.bodyHtml.length > BODY_MAX) problems.bodyHtml = "console.posts.error.body";
  const tags = tagsOf(draft.tags);
  if (tags.length > TAGS_MAX || !tags.every((tag) => TAG.test(tag))) problems.tags = "console.posts.error.tags";
  const typed = draft.publishAt.trim();
  const publishAt =
    typed === ""
      ? null
      : draft.storedPublishAt?.input === typed
        ? draft.storedPublishAt.iso
        : instantOfLocalInput(typed, zone);
  if (draft.image && !draft.image.decorative && draft.image.alt.trim() === "")
    problems.imageAlt = "console.images.error.alt";
  if (typed !== "" && publishAt === null) problems.publishAt = "console.posts.error.publishAt";
  else if (draft.status === "scheduled" && publishAt === null)
    problems.publishAt = "console.posts.error.publishAtNeeded";
  const body = {
    title: draft.title.trim(),
    slug: draft.slug,
    excerpt: draft.excerpt,
    bodyHtml: draft.bodyHtml,
    status: draft.status,
    publishAt,
    authorId: draft.authorId === "" ? null : draft.authorId,
    categoryIds: draft.categoryIds,
    tags,
    imageUrl: draft.image?.url ?? null,
    // A decorative cover is stored with an empty description (its `alt=""`); null is "not described yet".
    imageAlt: draft.image ? (draft.image.decorative ? "" : draft.image.alt.trim()) : null,
  };
  return { problems, body };
}

const EMPTY: Draft = {
  id: null,
  title: "",
  slug: "",
  isSlugTyped: false,
  excerpt: "",
  bodyHtml: "",
  status: "draft",
  publishAt: "",
  storedPublishAt: null,
  authorId: "",
  categoryIds: [],
  tags: "",
  image: null,
};

/**
 * The blog's posts (owner only; issue 16): each with its status and publication time, written,
 * changed and removed here (with tags and a cover image; canonical links stay API-only), or
 * imported from Markdown files; a post not yet public opens in a preview. Bodies are HTML, which the
 * server cleans with its allow-list. Authors and categories are chosen from those the API holds.
 */
export default function ConsolePosts({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <PostsScreen loaderData={loaderData} />;
}

function PostsScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, session, posts, page, authors, categories } = loaderData;
  const t = useScreenMessages("console.posts");
  const zone = session.business.timeZone;
  const refresh = useRefresh();
  const editor = useEditor<Draft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;
  const [isImporting, setIsImporting] = useState(false);
  const authorNames = useMemo(() => new Map(authors.map((a) => [a.id, a.name])), [authors]);
  const when = useMemo(
    () => new Intl.DateTimeFormat(languageTag(locale), { timeZone: zone, dateStyle: "medium", timeStyle: "short" }),
    [locale, zone],
  );

  const clientProblems = draft && isChecking ? check(draft, zone).problems : {};
  const errorOf = (field: FieldName): string | undefined => {
    const key = clientProblems[field];
    if (key) return i18n._(key);
    const code = problemAt(problem, field)?.code;
    if (field === "publishAt" && code === "PUBLISH_AT_REQUIRED") return t("error.publishAtNeeded");
    if (field === "slug" && code === "SLUG_TAKEN") return t("error.slugTaken");
    return messageAt(i18n, problem, field, SERVER_MESSAGES[field]);
  };

  function save(event: FormEvent) {
    const checked = draft && check(draft, zone);
    return editor.submit(event, checked !== null && Object.keys(checked.problems).length === 0, async () => {
      if (!draft || !checked) return;
      if (draft.id === null) await callApi<Post>(locale, "POST", "/business/posts", checked.body);
      else await callApi<Post>(locale, "PATCH", `/business/posts/${encodeURIComponent(draft.id)}`, checked.body);
      await refresh();
      setStatus(t("saved", { title: checked.body.title }));
      editor.close();
    });
  }

  const remove = (post: Post) =>
    editor.remove(post.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/posts/${encodeURIComponent(post.id)}`);
      await refresh();
      setStatus(t("removed", { title: post.title }));
    });
  const removal = useRemoval<Post>(remove, (entry) => t("removeTitle", { title: entry.title }), t("removeBody"));

  function edit(post: Post) {
    const input = post.publishAt ? localInputOf(post.publishAt, zone) : "";
    editor.open({
      id: post.id,
      title: post.title,
      slug: post.slug,
      isSlugTyped: true,
      excerpt: post.excerpt,
      bodyHtml: post.bodyHtml,
      status: post.status,
      publishAt: input,
      storedPublishAt: post.publishAt ? { input, iso: post.publishAt } : null,
      authorId: post.authorId ?? "",
      categoryIds: post.categoryIds,
      tags: post.tags.join(", "),
      image: post.imageUrl ? { url: post.imageUrl, alt: post.imageAlt ?? "", decorative: post.imageAlt === "" } : null,
    });
  }

  const shown = posts.items.filter((p) => editor.isShown(p.id));

  return (
    <ConsoleScreen
      id="posts-title"
      title={t("title")}
      locale={locale}
      intro={t("count", { count: posts.total })}
      actions={
        draft ? null : (
          <div className="console-screen__actions">
            <button ref={refs.add} type="button" className="console-button" onClick={() => editor.open(EMPTY)}>
              {t("add")}
            </button>
            <button
              type="button"
              className="console-button console-button--quiet"
              aria-expanded={isImporting}
              onClick={() => setIsImporting(!isImporting)}
            >
              {i18n._("console.import.open")}
            </button>
          </div>
        )
      }
    >
      {isImporting && !draft ? <MarkdownImport locale={locale} onImported={refresh} /> : null}
      <ProblemAlert ref={refs.alert} problem={isAboutFields(problem, FIELDS) ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="post"
          id={draft.id}
          t={t}
          editTitle={(id) => t("editTitle", { title: posts.items.find((p) => p.id === id)?.title ?? "" })}
          editor={editor}
          onSubmit={save}
        >
          <NameAndSlugFields
            field="title"
            label={t("postTitle")}
            maxLength={300}
            slugLabel={t("slug")}
            slugHint={t("slugHint")}
            value={{ name: draft.title, slug: draft.slug, isSlugTyped: draft.isSlugTyped }}
            onChange={({ name, ...slug }) => setDraft({ ...draft, ...slug, title: name })}
            errorOf={(field) => errorOf(field === "name" ? "title" : field)}
          />
          <Field path="excerpt" label={t("excerpt")} hint={t("excerptHint")} error={errorOf("excerpt")}>
            {(aria) => (
              <textarea
                {...aria}
                name="excerpt"
                rows={2}
                maxLength={EXCERPT_MAX}
                value={draft.excerpt}
                onChange={(e) => setDraft({ ...draft, excerpt: e.target.value })}
              />
            )}
          </Field>
          <Field path="bodyHtml" label={t("body")} hint={t("bodyHint")} error={errorOf("bodyHtml")}>
            {(aria) => (
              <textarea
                {...aria}
                name="bodyHtml"
                rows={12}
                spellCheck
                className="console-post-form__body"
                value={draft.bodyHtml}
                onChange={(e) => setDraft({ ...draft, bodyHtml: e.target.value })}
              />
            )}
          </Field>
          <div className="console-form-grid">
            <ChoiceField
              path="status"
              name="status"
              label={t("status")}
              value={draft.status}
              onChange={(value) => setDraft({ ...draft, status: value as PostStatus })}
              options={POST_STATUSES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
              error={errorOf("status")}
              isRequired
            />
            <Field
              path="publishAt"
              label={t("publishAt")}
              hint={t("publishAtHint", { zone })}
              error={errorOf("publishAt")}
              isRequired={draft.status === "scheduled"}
            >
              {(aria) => (
                <input
                  {...aria}
                  type="datetime-local"
                  name="publishAt"
                  value={draft.publishAt}
                  onChange={(e) => setDraft({ ...draft, publishAt: e.target.value })}
                />
              )}
            </Field>
            <ChoiceField
              path="authorId"
              name="authorId"
              label={t("author")}
              hint={authors.length === 0 ? t("noAuthors") : undefined}
              value={draft.authorId}
              onChange={(authorId) => setDraft({ ...draft, authorId })}
              options={[{ value: "", label: t("noAuthor") }, ...authors.map((a) => ({ value: a.id, label: a.name }))]}
              error={errorOf("authorId")}
            />
          </div>
          <ChecksField
            path="categoryIds"
            name="categoryIds"
            legend={t("categories")}
            hint={t("categoriesHint")}
            empty={t("noCategories")}
            options={categories.map((c) => ({ value: c.id, label: c.label }))}
            values={draft.categoryIds}
            onChange={(categoryIds) => setDraft({ ...draft, categoryIds })}
            error={errorOf("categoryIds")}
          />
          <CoverImageField
            locale={locale}
            legend={t("cover")}
            image={draft.image}
            onChange={(image) => setDraft({ ...draft, image })}
            errorOf={errorOf}
          />
          <TextField
            name="tags"
            label={t("tags")}
            hint={t("tagsHint")}
            isRequired={false}
            value={draft.tags}
            autoComplete="off"
            onChange={(tags) => setDraft({ ...draft, tags })}
            error={errorOf("tags")}
          />
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={page > 1 ? t("noMore") : t("none")}>
        {shown.map((post) => (
          <li key={post.id} className="console-row">
            <div className="console-row__main">
              <h2 className="console-row__title console-posts__title">{post.title}</h2>
              <p className="console-row__detail">
                <span className={`console-status console-status--post-${post.status}`}>
                  {t(`state.${post.status}`)}
                </span>
                {post.publishAt && post.status !== "draft" ? (
                  <span className="console-muted">
                    {" "}
                    {t(post.status === "scheduled" ? "publishes" : "published", {
                      when: when.format(new Date(post.publishAt)),
                    })}
                  </span>
                ) : null}
              </p>
              <p className="console-muted console-row__detail">
                /b/{post.slug}
                {post.authorId && authorNames.get(post.authorId)
                  ? ` · ${t("by", { name: authorNames.get(post.authorId) })}`
                  : ""}
              </p>
            </div>
            <RowActions name={post.title} onEdit={() => edit(post)} onRemove={() => removal.ask(post)}>
              {post.status === "published" ? (
                <RowLink href={post.url} label={t("view")} name={post.title} />
              ) : (
                // A preview needs a token: the preview screen issues one, then opens the page.
                <RowLink
                  to={consolePath(`/console/posts/${encodeURIComponent(post.id)}/preview`, locale)}
                  label={t("preview")}
                  name={post.title}
                />
              )}
            </RowActions>
          </li>
        ))}
      </EntryList>
      <NumberedPageLinks
        path={consolePath("/console/posts", locale)}
        page={page}
        pageSize={PAGE_SIZE}
        total={posts.total}
        label={t("pages")}
      />
      {removal.dialog}
    </ConsoleScreen>
  );
}
