/**
 * The public booking API (mounted at /api): widget configuration, free slots, holds, bookings and
 * the visitor's manage actions. Every input is parsed with zod here; every refusal is a problem
 * document with a stable code and the spec's English message (booking-problems.ts).
 */
import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import type { z } from "zod";
import { cancelBooking } from "../../app/bookings/cancel-booking.ts";
import { createBooking, type CreatedBooking } from "../../app/bookings/create-booking.ts";
import type { BookingDeps } from "../../app/bookings/deps.ts";
import type { IdempotencyClaim } from "../../app/bookings/ports.ts";
import { getBooking } from "../../app/bookings/get-booking.ts";
import { getFreeSlots, getNextAvailableDate } from "../../app/bookings/get-free-slots.ts";
import { getOneTimeLinkConfig, getWidgetConfig } from "../../app/bookings/get-widget-config.ts";
import { holdSlot } from "../../app/bookings/hold-slot.ts";
import { findManagedBooking } from "../../app/bookings/manage-booking.ts";
import { rescheduleBooking } from "../../app/bookings/reschedule-booking.ts";
import { toSnapshot } from "../../app/bookings/snapshot.ts";
import type { BookingError, BookingErrorCode } from "../../core/booking/errors.ts";
import { canonicalJson } from "../../core/shared/canonical-json.ts";
import type { BookingSnapshot } from "../../core/notifications/notification.ts";
import { problem, validationProblem } from "../http/problem.ts";
import { BOOKING_PROBLEMS, bookingProblem, bookingProblemBody } from "./booking-problems.ts";
import { buildOpenApiDocument, DOCS_HTML } from "./openapi.ts";
import {
  BookingBodySchema,
  CancelBodySchema,
  HoldBodySchema,
  NextAvailableQuerySchema,
  RescheduleBodySchema,
  SlotsQuerySchema,
} from "./public-api-schemas.ts";
import { createRateLimiter, rateLimit } from "./rate-limit.ts";

export interface PublicApiDeps extends BookingDeps {
  readonly rateLimits: { readonly bookingsPerMinute: number; readonly slotsPerMinute: number };
  /**
   * Mount point for calendar files (emails/ics engineer): renders the .ics of a booking whose
   * manage token was verified here. Absent → 404.
   */
  readonly renderCalendarFile?: (snapshot: BookingSnapshot) => string | Promise<string>;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const BOOKINGS_ENDPOINT = "POST /api/bookings";

/** A replayed or fresh 201 body with each not-booked occurrence's message (same text either way). */
function withOccurrenceMessages(body: CreatedBooking) {
  return {
    ...body,
    occurrences:
      body.occurrences?.map((o) => ({
        ...o,
        message: o.code ? (BOOKING_PROBLEMS[o.code as BookingErrorCode]?.message(undefined) ?? null) : null,
      })) ?? null,
  };
}

/** The answer for a key another request already used: its stored response, or why there is none. */
function answerStoredKey(c: Context, claim: Exclude<IdempotencyClaim, { kind: "claimed" }>) {
  if (claim.kind === "mismatch")
    return problem(c, 422, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used with a different request.");
  if (claim.kind === "in_flight") {
    c.header("Retry-After", "1");
    return problem(c, 409, "IDEMPOTENCY_IN_FLIGHT", "A request with this Idempotency-Key is still being processed.");
  }
  c.header("Idempotent-Replayed", "true");
  if (claim.statusCode < 400)
    return c.json(withOccurrenceMessages(claim.body as CreatedBooking), claim.statusCode as 201);
  return c.body(JSON.stringify(claim.body), claim.statusCode as 409, {
    "content-type": "application/problem+json; charset=utf-8",
  });
}

async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
  // Parsed once already by the edge's text check when the request said it is JSON.
  const parsed = c.get("jsonBody");
  if (parsed !== undefined) return { ok: true, value: parsed };
  const text = await c.req.text();
  try {
    return { ok: true, value: text === "" ? {} : JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const badJson = (c: Context) => problem(c, 400, "INVALID_JSON", "The request body is not valid JSON.");

function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; error: z.ZodError } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, error: result.error };
}

/** `Authorization: Bearer <token>` or `?token=`. */
function manageToken(c: Context): string | null {
  const header = c.req.header("authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? c.req.query("token") ?? null;
}

export function publicApi(deps: PublicApiDeps) {
  const api = new Hono();
  const slotsLimit = rateLimit(createRateLimiter(deps.rateLimits.slotsPerMinute), deps.clock);
  const bookingsLimit = rateLimit(createRateLimiter(deps.rateLimits.bookingsPerMinute), deps.clock);
  const fail = (c: Context, error: BookingError) => bookingProblem(c, error);

  api.get("/openapi.json", (c) => c.json(buildOpenApiDocument()));
  api.get("/docs", (c) => c.html(DOCS_HTML.replace("<script>", `<script nonce="${c.get("cspNonce") ?? ""}">`)));

  api.get("/calendars/:calendarId", async (c) => {
    const result = await getWidgetConfig(deps, c.req.param("calendarId"));
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  api.get("/one-time-links/:slug", async (c) => {
    const result = await getOneTimeLinkConfig(deps, c.req.param("slug"));
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  api.get("/calendars/:calendarId/free-slots", slotsLimit, async (c) => {
    const query = parse(SlotsQuerySchema, c.req.query());
    if (!query.ok) return validationProblem(c, query.error);
    const result = await getFreeSlots(deps, { calendarId: c.req.param("calendarId"), ...query.data });
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  api.get("/calendars/:calendarId/next-available", slotsLimit, async (c) => {
    const query = parse(NextAvailableQuerySchema, c.req.query());
    if (!query.ok) return validationProblem(c, query.error);
    const result = await getNextAvailableDate(deps, { calendarId: c.req.param("calendarId"), ...query.data });
    return result.ok ? c.json({ date: result.value }) : fail(c, result.error);
  });

  api.post("/calendars/:calendarId/holds", bookingsLimit, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return badJson(c);
    const input = parse(HoldBodySchema, body.value);
    if (!input.ok) return validationProblem(c, input.error);
    const result = await holdSlot(deps, { calendarId: c.req.param("calendarId"), ...input.data });
    return result.ok ? c.json(result.value, 201) : fail(c, result.error);
  });

  api.post("/bookings", bookingsLimit, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return badJson(c);
    const key = c.req.header("idempotency-key") ?? null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      return problem(
        c,
        400,
        "INVALID_IDEMPOTENCY_KEY",
        "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
      );
    }
    const input = parse(BookingBodySchema, body.value);
    if (!input.ok) return validationProblem(c, input.error);

    // Idempotency without a look-up first: the key is stored with the answer, in the booking's own
    // statement for a success, and the first answer stored wins. A request whose key is already
    // taken cannot book (the key's insert fails, rolling the booking back) and ends below with
    // the stored answer, so a replay costs a little more and a first request one round trip less.
    const scope =
      key === null
        ? null
        : {
            endpoint: BOOKINGS_ENDPOINT,
            key,
            requestHash: createHash("sha256").update(canonicalJson(body.value)).digest("hex"),
          };
    const result = await createBooking(deps, input.data, scope);
    if (result.ok) return c.json(withOccurrenceMessages(result.value), 201);
    if (scope) {
      // A refusal is an answer too: the same request replays it instead of booking later. When a
      // request with this key stored its answer first (it may be why this one was refused: its
      // booking holds the slot, or its key failed this one's insert), that answer is the one for
      // every request with the key.
      const { status, detail, extra } = bookingProblemBody(result.error);
      const bodyOut = {
        type: `about:blank#${result.error.code}`,
        title: result.error.code,
        status,
        code: result.error.code,
        detail,
        ...extra,
      };
      const stored = await deps.store.completeIdempotencyKey(
        { ...scope, statusCode: status, body: bodyOut },
        deps.clock().getTime(),
      );
      if (stored.kind !== "claimed") return answerStoredKey(c, stored);
    }
    return fail(c, result.error);
  });

  api.get("/bookings/:id", async (c) => {
    const result = await getBooking(deps, c.req.param("id"), manageToken(c));
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  api.post("/bookings/:id/reschedule", bookingsLimit, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return badJson(c);
    const input = parse(RescheduleBodySchema, body.value);
    if (!input.ok) return validationProblem(c, input.error);
    const result = await rescheduleBooking(deps, c.req.param("id"), manageToken(c), input.data);
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  api.post("/bookings/:id/cancel", bookingsLimit, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return badJson(c);
    const input = parse(CancelBodySchema, body.value);
    if (!input.ok) return validationProblem(c, input.error);
    const result = await cancelBooking(deps, c.req.param("id"), manageToken(c), input.data.reason ?? null);
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  // ---- Mount point: calendar files (served by the emails/ics engineer's renderer) -------------
  api.get("/bookings/:id/calendar.ics", async (c) => {
    const found = await findManagedBooking(deps, c.req.param("id"), manageToken(c));
    if (!found.ok) return fail(c, found.error);
    if (!deps.renderCalendarFile) return problem(c, 404, "NOT_FOUND", "Calendar files are not available.");
    const { ctx, record } = found.value;
    const ics = await deps.renderCalendarFile(toSnapshot(ctx, record, deps.publicUrl, manageToken(c)));
    return c.body(ics, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="booking-${record.id}.ics"`,
    });
  });

  return api;
}
