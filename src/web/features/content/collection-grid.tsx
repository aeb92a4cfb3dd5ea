import { useLingui } from "@lingui/react";
import type { CollectionView } from "../../../app/pages/public-pages.ts";
import type { PageInfo } from "../../../core/content/pagination.ts";
import { PaginationNav } from "./pagination-nav.tsx";
import { ProductCard } from "./product-card.tsx";
import { MessageNaming, useBusinessLang } from "../../components/locale.tsx";

interface Props {
  collection: CollectionView;
  /** `/:path` the collection sits under, or "". */
  base: string;
  pageInfo: PageInfo;
  pathname: string;
}

export function CollectionGrid({ collection, base, pageInfo, pathname }: Props) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  return (
    <div>
      <h1>
        <MessageNaming id="content.collection" name="name" text={collection.name} />
      </h1>
      <p lang={businessLang}>{collection.description}</p>
      {collection.total === 0 ? <p>{i18n._("content.empty")}</p> : null}
      <div className="product-grid">
        {collection.products.map((p) => (
          <ProductCard key={p.id} product={p} href={`${base}/product/${p.slug}`} />
        ))}
      </div>
      <PaginationNav info={pageInfo} path={pathname} />
    </div>
  );
}
