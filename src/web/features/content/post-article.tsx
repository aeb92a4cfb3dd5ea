import { useLingui } from "@lingui/react";
import type { PostView } from "../../../app/pages/public-pages.ts";

export function PostArticle({ post }: { post: PostView }) {
  const { i18n } = useLingui();
  return (
    <article className="post">
      <h1>{post.title}</h1>
      <p className="post__meta">
        {post.authorName ? i18n._("content.by", { author: post.authorName }) : null}
        {post.publishedAt ? (
          <>
            {" · "}
            <time dateTime={post.publishedAt}>{i18n.date(post.publishedAt, { dateStyle: "long" })}</time>
          </>
        ) : null}
      </p>
      <p className="post__lead">{post.description}</p>
      {/* bodyHtml is sanitised by the allow-list on write and on read (src/core/content/sanitize-post-html.ts). */}
      <div className="post__body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
    </article>
  );
}
