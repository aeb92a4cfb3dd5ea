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
  // Previews open only with a token the business issued (content-preview.tsx); only its hash is kept.
  const issued = await callApi<{ token: string }>(locale, "POST", "/business/preview-tokens", {
    label: "Console preview",
    expiresInMinutes: PREVIEW_MINUTES,
  });
  const href = `${consolePath(`/v2/preview/${encodeURIComponent(params.postId)}/post`, locale)}?${new URLSearchParams({ token: issued.token })}`;
  return { allowed: true as const, locale, href };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.posts.previewTitle");

/**
 * A post's preview, opened from the Posts screen: a token is issued for it, then the preview page
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
  return (
    <ConsoleScreen
      id="post-preview-title"
      title={i18n._("console.posts.previewTitle")}
      locale={locale}
      back={{ to: "/console/posts", label: i18n._("console.posts.back") }}
    >
      <p role="status">
        <a href={loaderData.href}>{i18n._("console.posts.openPreview")}</a>
      </p>
    </ConsoleScreen>
  );
}
