import { useLingui } from "@lingui/react";
import type { Crumb } from "../../../core/content/seo.ts";
import { useBusinessLang } from "../../components/locale.tsx";

/**
 * The way up from a post, product, listing or collection: the site's home, then the blog or shop page
 * it is read under (the same crumbs as the page's BreadcrumbList JSON-LD, core/content/seo.ts). The
 * page itself is not repeated: its heading follows. Nothing when there is no page between the home and
 * this one — the header's business name already leads home. Plain links: content pages run no scripts.
 */
export function Breadcrumbs({ ancestors }: { ancestors: readonly Crumb[] }) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  if (ancestors.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={i18n._("content.breadcrumbs")}>
      <ol>
        {ancestors.map((crumb, i) => (
          // The first is the business's name (a proper name); the others are its pages' titles.
          <li key={crumb.url} lang={i === 0 ? undefined : businessLang}>
            <a href={crumb.url}>{crumb.name}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
