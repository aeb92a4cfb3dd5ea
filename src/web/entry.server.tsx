import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { loadI18n } from "../i18n/runtime.ts";

export const streamTimeout = 5_000;

/**
 * React outlines a Suspense boundary that was complete at the shell into a hidden `<div id="S:…">`
 * once the bytes flushed before it pass this size (default 12,800), and reveals it by script up to
 * 300 ms later. Our boundaries wrap a page's main content (a manage page's confirmation, whose code
 * the browser loads lazily), rendered at once on the server: outlined, a translated manage page
 * (~35 KB) showed nothing without JavaScript, painted late with it, and — when hydration reached the
 * boundary before the reveal — showed its form twice (the hidden copy kept every id). So a boundary
 * complete at the shell is always written in place; only one still loading streams in later.
 */
const PROGRESSIVE_CHUNK_SIZE = Number.MAX_SAFE_INTEGER;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The page is rendered in the request's language from the first byte: no flash of another one.
  await loadI18n(loadContext.locale);

  return new Promise((resolve, reject) => {
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const nonce = loadContext.cspNonce;
    const router = <ServerRouter context={routerContext} url={request.url} {...(nonce ? { nonce } : {})} />;
    const { pipe, abort } = renderToPipeableStream(router, {
      ...(nonce ? { nonce } : {}),
      progressiveChunkSize: PROGRESSIVE_CHUNK_SIZE,
      [readyOption]() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}
