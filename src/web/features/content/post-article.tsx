import { useLingui } from "@lingui/react";
import type { PostView } from "../../../app/pages/public-pages.ts";
import { readingMinutes } from "../../../core/content/reading-time.ts";
import { LocaleLink } from "../../components/locale.tsx";
import { ContentImage } from "./content-image.tsx";
import { useBusinessLang } from "../../components/locale.tsx";

/** A cover of another address is shown in a 1200 × 630 box (styles.css `.post__cover`). */
const COVER_BOX = { width: 1200, height: 630 };
/** The article's width: the page less its padding, at most 42rem (styles.css `.post`). */
const COVER_SIZES = "(min-width: 44rem) 42rem, calc(100vw - 2rem)";

interface Props {
  post: PostView;
  /** `/:path` of the blog the post is read under, or null (then only categories link: `/c/:slug`). */
  blogPath: string | null;
}

/** A post: title, byline, cover (sized, so nothing shifts), lead, sanitised body, categories and tags. */
export function PostArticle({ post, blogPath }: Props) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  const base = blogPath ? `/${blogPath}` : "";
  return (
    <article className="post">
      <h1 lang={businessLang}>{post.title}</h1>
      <p className="post__meta">
        {post.authorName ? (
          blogPath && post.authorSlug ? (
            <LocaleLink to={`${base}/author/${post.authorSlug}`}>
              {i18n._("content.by", { author: post.authorName })}
            </LocaleLink>
          ) : (
            i18n._("content.by", { author: post.authorName })
          )
        ) : null}
        {post.publishedAt ? (
          <>
            {" · "}
            <time dateTime={post.publishedAt}>{i18n.date(post.publishedAt, { dateStyle: "long" })}</time>
          </>
        ) : null}
        {" · "}
        {i18n._("content.readingTime", { minutes: readingMinutes(post.bodyHtml) })}
      </p>
      {post.imageUrl ? (
        <ContentImage
          className="post__cover"
          url={post.imageUrl}
          alt={post.imageAlt ?? ""}
          size={post.imageSize}
          box={COVER_BOX}
          sizes={COVER_SIZES}
          isFirst
        />
      ) : null}
      <p className="post__lead" lang={businessLang}>
        {post.description}
      </p>
      {/* bodyHtml is sanitised by the allow-list on write and on read (src/core/content/sanitize-post-html.ts). */}
      <div className="post__body" lang={businessLang} dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      {post.categories.length > 0 ? (
        <nav className="post__terms" aria-label={i18n._("content.postCategories")}>
          <h2>{i18n._("content.postCategories")}</h2>
          <ul>
            {post.categories.map((c) => (
              <li key={c.slug}>
                <LocaleLink to={blogPath ? `${base}/category/${c.slug}` : `/c/${c.slug}`} lang={businessLang}>
                  {c.label}
                </LocaleLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {post.tags.length > 0 ? (
        <nav className="post__terms" aria-label={i18n._("content.postTags")}>
          <h2>{i18n._("content.postTags")}</h2>
          <ul>
            {post.tags.map((tag) => (
              <li key={tag} lang={businessLang}>
                {blogPath ? <LocaleLink to={`${base}/tag/${encodeURIComponent(tag)}`}>{tag}</LocaleLink> : tag}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
