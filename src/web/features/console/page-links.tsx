import { useLingui } from "@lingui/react";
import { Link } from "react-router";

/**
 * Links between the pages of a long list (newer ← → older), each a plain address so a page can be
 * bookmarked, reloaded and reached by keyboard; nothing is shown when there is only one page.
 */
export function PageLinks({
  newer,
  older,
  label,
  isNewerTheFirst = false,
}: {
  newer: string | null;
  older: string | null;
  label: string;
  /** The list pages by a cursor that only goes back: "newer" is then the first page. */
  isNewerTheFirst?: boolean;
}) {
  const { i18n } = useLingui();
  if (newer === null && older === null) return null;
  return (
    <nav className="console-pages" aria-label={label}>
      {newer === null ? null : (
        <Link className="console-button console-button--quiet" to={newer}>
          {i18n._(isNewerTheFirst ? "console.pages.newest" : "console.pages.newer")}
        </Link>
      )}
      {older === null ? null : (
        <Link className="console-button console-button--quiet" to={older}>
          {i18n._("console.pages.older")}
        </Link>
      )}
    </nav>
  );
}

/** The links of a list paged by `?page=` (1 unnamed): newer while past the first page, older while more remain. */
export function NumberedPageLinks({
  path,
  page,
  pageSize,
  total,
  label,
}: {
  /** The list's own address, already in the page's language. */
  path: string;
  page: number;
  pageSize: number;
  total: number;
  label: string;
}) {
  const link = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return (
    <PageLinks
      label={label}
      newer={page > 1 ? link(page - 1) : null}
      older={page * pageSize < total ? link(page + 1) : null}
    />
  );
}
