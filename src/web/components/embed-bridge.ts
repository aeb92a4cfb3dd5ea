/**
 * The widget's side of the embed (issue 17, src/embed/protocol.ts): when this page runs in a frame
 * the embed loader made, it reports its height (so the host page never shows an inner scrollbar),
 * asks the pop-up to close on Escape, and tells the host what the visitor did. Outside such a frame
 * every call is a no-op.
 */
import { EMBED_FRAME_NAME_PREFIX, EMBED_MESSAGE_SOURCE, type EmbedEvent } from "../../embed/protocol.ts";

/** The host page's origin, declared by the loader in the frame's name; null when not embedded. */
function hostOrigin(): string | null {
  if (typeof window === "undefined" || window.parent === window) return null;
  if (!window.name.startsWith(EMBED_FRAME_NAME_PREFIX)) return null;
  const declared = window.name.slice(EMBED_FRAME_NAME_PREFIX.length);
  try {
    return new URL(declared).origin === declared ? declared : null;
  } catch {
    return null;
  }
}

/**
 * Posted to the declared origin only, never `*`: if the frame's real parent is another origin the
 * browser delivers nothing. Details carry no personal data and no manage token — other scripts on
 * the host page can listen too.
 */
export function notifyHost(event: Exclude<EmbedEvent, "resize" | "close">, detail: Record<string, unknown>): void {
  post(event, detail);
}

function post(event: EmbedEvent, detail: Record<string, unknown>): void {
  const origin = hostOrigin();
  if (origin) window.parent.postMessage({ source: EMBED_MESSAGE_SOURCE, event, detail }, origin);
}

/** Once per page load, from the widget's layouts. Returns its clean-up. */
export function startEmbedBridge(): () => void {
  if (!hostOrigin()) return () => {};
  // Framed pages drop the full-window minimum height: the frame takes the content's height instead.
  document.documentElement.dataset.embedded = "true";
  let reported = 0;
  const report = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height !== reported) post("resize", { height: (reported = height) });
  };
  const observer = new ResizeObserver(report);
  observer.observe(document.body);
  // Escape inside the frame never reaches the host's dialog: pass it on, unless one of the widget's
  // own dialogs (the bank confirmation) is open and takes it.
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape" && !e.defaultPrevented && !document.querySelector("dialog[open]")) post("close", {});
  };
  document.addEventListener("keydown", onKey);
  report();
  return () => {
    observer.disconnect();
    document.removeEventListener("keydown", onKey);
  };
}
