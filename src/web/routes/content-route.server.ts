/**
 * What the content routes' loaders share: the `/:path` check (a blog or shop page must exist), the
 * `?page=` rule (src/core/content/pagination.ts: an invalid page or one past the last is a 404),
 * and the preview token check.
 */
import type { AppLoadContext } from "react-router";
import { previewBusinessOf } from "../../app/content/preview-tokens.ts";
import type { BusinessRef } from "../../app/pages/public-pages.ts";
import { pageHref, pageInfo, pageWindow, parsePageParam, type PageInfo } from "../../core/content/pagination.ts";
import { absoluteUrl, type Crumb } from "../../core/content/seo.ts";
import { LOCALE_ROUTING } from "../../i18n/routing/config.ts";
import { requestOrigin } from "../../i18n/routing/domain.ts";
import { localePath } from "../../i18n/routing/locale-prefix.ts";
import { pageNotFound, requireFound } from "../features/errors/route-errors.ts";

export async function requireBusiness(context: AppLoadContext, request: Request): Promise<BusinessRef> {
  return requireFound(await context.business(), request);
}

/** Routes under `/:path/…` answer only where that content page exists; its title and URL, for breadcrumbs. */
export async function requirePathPage(
  context: AppLoadContext,
  business: BusinessRef,
  path: string | undefined,
  request: Request,
): Promise<Crumb | null> {
  if (!path) return null;
  const page = await context.pages.contentPage(business, path, context.now(), { limit: 0, offset: 0 });
  if (!page) pageNotFound(request);
  return { name: page.title, url: siteUrl(context, request, `/${path}`) };
}

/** This site's absolute URL of an unprefixed app path, in the request's locale. */
export function siteUrl(context: AppLoadContext, request: Request, path: string): string {
  const url = new URL(request.url);
  return absoluteUrl(localePath(path, context.locale, LOCALE_ROUTING), requestOrigin(url, request.headers));
}

/** An absolute URL for an image or file (`/assets/…` or already absolute): never locale-prefixed. */
export function assetUrl(request: Request, href: string | null): string | null {
  return href === null ? null : absoluteUrl(href, requestOrigin(new URL(request.url), request.headers));
}

/** The request's own URL without tracking or other parameters, `?page=n` kept past page 1 (the canonical). */
export function canonicalPageUrl(request: Request, page = 1): string {
  const url = new URL(request.url);
  return pageHref(requestOrigin(url, request.headers) + url.pathname, page);
}

/** The first crumb of every content page: the site's home. */
export const homeCrumb = (context: AppLoadContext, request: Request, name: string): Crumb => ({
  name,
  url: siteUrl(context, request, "/"),
});

/** The page number `?page=` asks for, and its window; a value that names no page is a 404. */
export function requestedPage(request: Request) {
  const page = requireFound(parsePageParam(new URL(request.url).searchParams.get("page")), request);
  return { page, window: pageWindow(page) };
}

/** Where the page sits among `total` items; past the last page is a 404 (page 1 of nothing is the empty state). */
export function requirePageInfo(page: number, total: number, request: Request): PageInfo {
  return requireFound(pageInfo(page, total), request);
}

/** A listing's page (404 past its end) and the path its prev/next links are made from. */
export function requireListingPage(page: number, total: number, request: Request) {
  return { pageInfo: requirePageInfo(page, total, request), pathname: new URL(request.url).pathname };
}

/**
 * The business whose drafts the request's `?token=` opens: a well-formed token whose hash is stored,
 * unexpired and unrevoked at the request's clock. Anything else is the same 404 as an unknown page.
 */
export async function requirePreviewBusiness(context: AppLoadContext, request: Request): Promise<{ id: string }> {
  const token = new URL(request.url).searchParams.get("token");
  const businessId = await previewBusinessOf(context.pages.previewBusiness, token, context.now());
  return { id: requireFound(businessId, request) };
}
