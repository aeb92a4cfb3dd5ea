import { useLingui } from "@lingui/react";
import type { PostListingView } from "../../../app/pages/public-pages.ts";
import type { PageInfo } from "../../../core/content/pagination.ts";
import { PaginationNav } from "./pagination-nav.tsx";
import { PostList } from "./post-list.tsx";
import { MessageNaming } from "../../components/locale.tsx";

interface Props {
  listing: PostListingView;
  kind: "category" | "author" | "tag";
  basePath: string;
  pageInfo: PageInfo;
  pathname: string;
}

/** A category, author or tag listing (live and preview alike). */
export function PostListingBody({ listing, kind, basePath, pageInfo, pathname }: Props) {
  const { i18n } = useLingui();
  // A category's label and a tag are the business's words; an author's name is a name.
  const heading =
    kind === "category" ? (
      <MessageNaming id="content.category" name="label" text={listing.title} />
    ) : kind === "author" ? (
      i18n._("content.author", { name: listing.title })
    ) : (
      <MessageNaming id="content.tag" name="tag" text={listing.title} />
    );
  return (
    <div>
      <h1>{heading}</h1>
      <PostList posts={listing.posts} basePath={basePath} />
      <PaginationNav info={pageInfo} path={pathname} />
    </div>
  );
}
