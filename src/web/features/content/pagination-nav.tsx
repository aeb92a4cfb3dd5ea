import { useLingui } from "@lingui/react";
import { pageHref, type PageInfo } from "../../../core/content/pagination.ts";
import type { Seo } from "../../../core/content/seo.ts";
import { seoMeta } from "./seo-meta.ts";

/**
 * Previous / next links of a listing, with where the visitor is; nothing when there is one page.
 * `path` is the request's own path (locale prefix included), so plain links work without JavaScript.
 */
export function PaginationNav({ info, path }: { info: PageInfo; path: string }) {
  const { i18n } = useLingui();
  if (info.pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={i18n._("content.pagination")}>
      {info.prev ? (
        <a href={pageHref(path, info.prev)} rel="prev">
          {i18n._("content.previousPage")}
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{i18n._("content.pageOf", { page: info.page, count: info.pageCount })}</span>
      {info.next ? (
        <a href={pageHref(path, info.next)} rel="next">
          {i18n._("content.nextPage")}
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}

/** `<link rel=prev/next>` for the document head (route `meta`), from the same page info. */
export function paginationHeadLinks(info: PageInfo | undefined, path: string) {
  if (!info) return [];
  return [
    ...(info.prev ? [{ tagName: "link" as const, rel: "prev", href: pageHref(path, info.prev) }] : []),
    ...(info.next ? [{ tagName: "link" as const, rel: "next", href: pageHref(path, info.next) }] : []),
  ];
}

/** The head of a paginated listing: its SEO tags and its prev/next links. */
export function paginatedListingMeta(
  data: { seo?: Seo | undefined; pageInfo?: PageInfo | undefined; pathname?: string | undefined } | undefined,
) {
  return [...seoMeta(data?.seo), ...paginationHeadLinks(data?.pageInfo, data?.pathname ?? "")];
}
