import { useLingui } from "@lingui/react";
import { LocaleLink } from "../../components/locale.tsx";
import type { PostSummary } from "../../../app/pages/public-pages.ts";
import { useBusinessLang } from "../../components/locale.tsx";

export function PostList({ posts, basePath }: { posts: PostSummary[]; basePath: string }) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  if (posts.length === 0) return <p>{i18n._("content.noPosts")}</p>;
  return (
    <ul className="post-list">
      {posts.map((post) => (
        <li key={post.id}>
          <article>
            <h2 lang={businessLang}>
              <LocaleLink to={`${basePath}b/${post.slug}`}>{post.title}</LocaleLink>
            </h2>
            {post.publishedAt ? (
              <time dateTime={post.publishedAt}>{i18n.date(post.publishedAt, { dateStyle: "long" })}</time>
            ) : null}
            <p lang={businessLang}>{post.description}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
