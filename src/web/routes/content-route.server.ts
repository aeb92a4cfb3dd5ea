/**
 * What the content routes' loaders share: the `/:path` check (a blog or shop page must exist), the
 * `?page=` rule (src/core/content/pagination.ts: an invalid page or one past the last is a 404),
 * and the preview token check.
 */
import type { AppLoadContext } from "react-router";
import { previewBusinessOf } from "../../app/content/preview-tokens.ts";
import type { BusinessRef } from "../../app/pages/public-pages.ts";
import { pageInfo, pageWindow, parsePageParam, type PageInfo } from "../../core/content/pagination.ts";
import { pageNotFound, requireFound } from "../features/errors/route-errors.ts";

export async function requireBusiness(context: AppLoadContext, request: Request): Promise<BusinessRef> {
  return requireFound(await context.business(), request);
}

/** Routes under `/:path/…` answer only where that content page exists. */
export async function requirePathPage(
  context: AppLoadContext,
  business: BusinessRef,
  path: string | undefined,
  request: Request,
) {
  if (path && !(await context.pages.contentPage(business, path, context.now(), { limit: 0, offset: 0 })))
    pageNotFound(request);
}

/** The page number `?page=` asks for, and its window; a value that names no page is a 404. */
export function requestedPage(request: Request) {
  const page = requireFound(parsePageParam(new URL(request.url).searchParams.get("page")), request);
  return { page, window: pageWindow(page) };
}

/** Where the page sits among `total` items; past the last page is a 404 (page 1 of nothing is the empty state). */
export function requirePageInfo(page: number, total: number, request: Request): PageInfo {
  return requireFound(pageInfo(page, total), request);
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
