import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { callApi } from "../features/console/console-api.ts";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, consolePath, requireOwner } from "../features/console/console-session.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import type { Route } from "./+types/console-post-preview";

/** How long a preview opened from the console stays open: long enough to read and share with a colleague. */
const PREVIEW_MINUTES = 60;

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale } = entered;
  // The same screen serves both kinds (routes.ts): the post's and the product's previews.
  const [kind, id] =
    "productId" in params ? (["product", params.productId] as const) : (["post", params.postId] as const);
  // Previews open only with a token the business issued (content-preview.tsx); only its hash is kept.
  const issued = await callApi<{ token: string }>(locale, "POST", "/business/preview-tokens", {
    label: "Console preview",
    expiresInMinutes: PREVIEW_MINUTES,
  });
  const href = `${consolePath(`/v2/preview/${encodeURIComponent(id ?? "")}/${kind}`, locale)}?${new URLSearchParams({ token: issued.token })}`;
  return { allowed: true as const, locale, kind, href };
}
clientLoader.hydrate = true as const;

const TEXTS = {
  post: { title: "console.posts.previewTitle", back: "console.posts.back", list: "/console/posts" },
  product: { title: "console.products.previewTitle", back: "console.products.back", list: "/console/products" },
} as const;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  consoleMeta(matches, TEXTS["productId" in params ? "product" : "post"].title);

/**
 * A post's or a product's preview, opened from the Posts or Products screen: a token is issued for it, then the preview page
 * replaces this one (so Back returns to the list). The link stays in case the browser stops that.
 */
export default function ConsolePostPreview({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const href = loaderData.allowed ? loaderData.href : null;
  useEffect(() => {
    if (href) window.location.replace(href);
  }, [href]);
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  const { locale } = loaderData;
  const texts = TEXTS[loaderData.kind];
  return (
    <ConsoleScreen
      id="post-preview-title"
      title={i18n._(texts.title)}
      locale={locale}
      back={{ to: texts.list, label: i18n._(texts.back) }}
    >
      <p role="status">
        <a href={loaderData.href}>{i18n._("console.posts.openPreview")}</a>
      </p>
    </ConsoleScreen>
  );
}
