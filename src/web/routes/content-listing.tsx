import { useLingui } from "@lingui/react";
import { pageNotFound, requireFound } from "../features/errors/route-errors.ts";
import { PostList } from "../features/content/post-list.tsx";
import type { PostListingFilter } from "../../app/pages/public-pages.ts";
import type { Route } from "./+types/content-listing";

/** Category, author and tag listings (`/c/:categorySlug`, `/:path/category/…`, `/:path/author/…`, `/:path/tag/…`). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const p = params as { path?: string; categorySlug?: string; authorSlug?: string; tagSlug?: string };
  if (p.path && !(await context.pages.contentPage(business, p.path))) pageNotFound(request);
  const filter: PostListingFilter | null = p.categorySlug
    ? { kind: "category", slug: p.categorySlug }
    : p.authorSlug
      ? { kind: "author", slug: p.authorSlug }
      : p.tagSlug
        ? { kind: "tag", tag: p.tagSlug }
        : null;
  const listing = requireFound(
    filter ? await context.pages.postListing(business, filter, context.now()) : null,
    request,
  );
  return { ...listing, kind: filter!.kind, basePath: p.path ? `/${p.path}/` : "/" };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }];

export default function ContentListing({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const heading =
    loaderData.kind === "category"
      ? i18n._("content.category", { label: loaderData.title })
      : loaderData.kind === "author"
        ? i18n._("content.author", { name: loaderData.title })
        : i18n._("content.tag", { tag: loaderData.title });
  return (
    <div>
      <h1>{heading}</h1>
      <PostList posts={loaderData.posts} basePath={loaderData.basePath} />
    </div>
  );
}
