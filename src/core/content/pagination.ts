/**
 * Pages of a listing (domain notes §E): `?page=n` → offset `(n-1)·size`. One rule for every
 * listing: no `page` is page 1; a `page` that is not a whole number ≥ 1, or that lies past the last
 * page, names nothing and is a 404 — except page 1 of an empty listing, which shows the empty state.
 * `?page=1` is page 1 too (its canonical link is the URL without it).
 */
export const PAGE_SIZE = 9;
const MAX_PAGE = 100_000;

/** The page asked for, or null when the value names no page. */
export function parsePageParam(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_PAGE ? page : null;
}

export const pageWindow = (page: number, size = PAGE_SIZE) => ({ limit: size, offset: (page - 1) * size });

export interface PageInfo {
  readonly page: number;
  readonly pageCount: number;
  readonly total: number;
  /** Neighbouring page numbers, null at the edges. */
  readonly prev: number | null;
  readonly next: number | null;
}

/** Where `page` sits among `total` items, or null when it lies past the last page. */
export function pageInfo(page: number, total: number, size = PAGE_SIZE): PageInfo | null {
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (page > pageCount) return null;
  return { page, pageCount, total, prev: page > 1 ? page - 1 : null, next: page < pageCount ? page + 1 : null };
}

/** The URL of page `n` of a listing at `path` (which may carry a query already): page 1 carries no parameter. */
export const pageHref = (path: string, n: number) =>
  n === 1 ? path : `${path}${path.includes("?") ? "&" : "?"}page=${n}`;
