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

/** Each listing's heading: the message and the name of its one argument (the tab title words it alike). */
export const LISTING_HEADINGS = {
  category: { id: "content.category", name: "label" },
  author: { id: "content.author", name: "name" },
  tag: { id: "content.tag", name: "tag" },
} as const;

/** A category, author or tag listing (live and preview alike). */
export function PostListingBody({ listing, kind, basePath, pageInfo, pathname }: Props) {
  const { i18n } = useLingui();
  // A category's label and a tag are the business's words; an author's name is a name.
  const { id, name } = LISTING_HEADINGS[kind];
  const heading =
    kind === "author" ? (
      i18n._(id, { [name]: listing.title })
    ) : (
      <MessageNaming id={id} name={name} text={listing.title} />
    );
  return (
    <div>
      <h1>{heading}</h1>
      <PostList posts={listing.posts} basePath={basePath} />
      <PaginationNav info={pageInfo} path={pathname} />
    </div>
  );
}
