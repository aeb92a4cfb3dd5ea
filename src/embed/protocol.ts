/**
 * What the embed loader (on the business's page) and the widget (in its frame) say to each other
 * over `postMessage`. Shared by both sides so neither can drift; it holds constants and types only,
 * because the loader must stay under 3 KB gzip (issue 17).
 *
 * Origins are checked both ways: the widget posts only to the origin the loader declared (a frame
 * whose real parent is elsewhere delivers nothing), and the loader accepts only messages from the
 * widget's own origin and from one of its own frames.
 */

/**
 * The loader names each frame `booking-embed:<host origin>`. A frame's name survives its own
 * navigations and full reloads (the language switch), and needs no cookie or storage — both of
 * which browsers withhold from third-party frames.
 */
export const EMBED_FRAME_NAME_PREFIX = "booking-embed:";

/** Marks our messages among whatever else the host page receives. */
export const EMBED_MESSAGE_SOURCE = "booking-widget";

/**
 * Events the widget reports. `resize` and `close` drive the loader; the rest are re-dispatched on
 * the embed's element as DOM events named `booking:<event>` for the host page.
 */
export type EmbedEvent = "resize" | "close" | "slots-loaded" | "slot-chosen" | "booked" | "rescheduled" | "cancelled";

export interface EmbedMessage {
  source: typeof EMBED_MESSAGE_SOURCE;
  event: EmbedEvent;
  detail: Record<string, unknown>;
}

/**
 * Prefill and theme the loader passes to the widget as query parameters (`data-booking-<name>` on
 * the embed's element). Only these are forwarded; the widget validates each one again.
 */
export const EMBED_QUERY_PARAMS = [
  "first-name",
  "last-name",
  "email",
  "phone",
  "tz",
  "guests",
  "theme",
  "brand",
] as const;
export type EmbedQueryParam = (typeof EMBED_QUERY_PARAMS)[number];

/** Query parameter that tells the widget's first paint it is framed (before its script runs). */
export const EMBED_FLAG_PARAM = "embed";
