/**
 * An embedded widget's look (`?theme`, `?brand`, issue 17) kept across full reloads inside its
 * frame: the snippet puts them on the frame's first address only, and a page loaded afresh in the
 * frame (a payment provider's redirect back, a reload) would otherwise come back in the default
 * look. A framed page (Sec-Fetch-Dest: iframe) that carries them stores them in a session cookie,
 * partitioned by the embedding site (CHIPS), so it never reaches the widget opened on its own or
 * framed by another site; a framed page without them reads them back. Only the raw parameters are
 * kept: the page validates them as it validates the address's (appearance.server.ts).
 */
const COOKIE = "widget_look";
const LOOK_PARAMS = ["theme", "brand"] as const;

export interface EmbedLook {
  /** The look to use when the address has none; null: the address's own (or none). */
  readonly params: URLSearchParams | null;
  /** Set when a framed address carried a look. */
  readonly setCookie: string | null;
}

export function embedLook(request: Request): EmbedLook {
  if (request.headers.get("sec-fetch-dest") !== "iframe") return { params: null, setCookie: null };
  const url = new URL(request.url);
  const asked = new URLSearchParams();
  for (const name of LOOK_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) asked.set(name, value.slice(0, 40));
  }
  if (asked.size > 0)
    return {
      params: null,
      setCookie: `${COOKIE}=${encodeURIComponent(asked.toString())}; Path=/; HttpOnly; Secure; SameSite=None; Partitioned`,
    };
  const stored = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`));
  if (!stored) return { params: null, setCookie: null };
  try {
    return { params: new URLSearchParams(decodeURIComponent(stored.slice(COOKIE.length + 1))), setCookie: null };
  } catch {
    return { params: null, setCookie: null };
  }
}
