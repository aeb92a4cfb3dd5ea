import { useLingui } from "@lingui/react";
import type { ContentPageView } from "../../../app/pages/public-pages.ts";
import type { PageInfo } from "../../../core/content/pagination.ts";
import { PaginationNav } from "./pagination-nav.tsx";
import { PostList } from "./post-list.tsx";
import { ProductCard } from "./product-card.tsx";
import { useBusinessLang } from "../../components/locale.tsx";

/** A blog or shop page: its posts and products, one page of each (live and preview alike). */
export function ContentPageBody({
  view,
  pageInfo,
  pathname,
}: {
  view: ContentPageView;
  pageInfo: PageInfo;
  pathname: string;
}) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  return (
    <div>
      <h1 lang={businessLang}>{view.title}</h1>
      <p lang={businessLang}>{view.description}</p>
      {view.postTotal > 0 ? (
        <section aria-label={i18n._("content.posts")}>
          <PostList posts={view.posts} basePath={`/${view.path}/`} />
        </section>
      ) : null}
      {view.productTotal > 0 ? (
        <section aria-label={i18n._("content.products")} className="product-grid">
          {view.products.map((p) => (
            <ProductCard key={p.id} product={p} href={`/${view.path}/product/${p.slug}`} />
          ))}
        </section>
      ) : null}
      {view.postTotal === 0 && view.productTotal === 0 ? <p>{i18n._("content.empty")}</p> : null}
      <PaginationNav info={pageInfo} path={pathname} />
      {view.postTotal > 0 ? (
        <p>
          <a href={`/feeds/${encodeURIComponent(view.path)}/rss.xml`} type="application/rss+xml">
            {i18n._("content.feed")}
          </a>
        </p>
      ) : null}
    </div>
  );
}
