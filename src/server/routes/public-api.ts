/**
 * The public booking API (mounted at /api): widget configuration, free slots, holds, bookings and
 * the visitor's manage actions. Each handler is bound to its definition (public-api-routes.ts),
 * which validates its inputs; every refusal is a problem document with a stable code and the
 * spec's English message (booking-problems.ts).
 */
import { keptJson } from "../http/kept-json.ts";
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { cancelBooking, cancelRestOfSeries } from "../../app/bookings/cancel-booking.ts";
import { previewSeries } from "../../app/bookings/preview-series.ts";
import { createBooking, type CreatedBooking } from "../../app/bookings/create-booking.ts";
import type { BookingDeps } from "../../app/bookings/deps.ts";
import type { IdempotencyClaim } from "../../app/bookings/ports.ts";
import { getBooking } from "../../app/bookings/get-booking.ts";
import { getFreeSlots, getNextAvailableDate } from "../../app/bookings/get-free-slots.ts";
import { getOneTimeLinkConfig, getWidgetConfig } from "../../app/bookings/get-widget-config.ts";
import { holdSlot, releaseHold } from "../../app/bookings/hold-slot.ts";
import { quoteBooking } from "../../app/bookings/quote-booking.ts";
import {
  findManagedBooking,
  seriesOf,
  seriesSnapshot,
  withLinkOwner,
  type ManageLinkOwner,
} from "../../app/bookings/manage-booking.ts";
import { rescheduleBooking } from "../../app/bookings/reschedule-booking.ts";
import { toSnapshot } from "../../app/bookings/snapshot.ts";
import type { BookingError, BookingErrorCode } from "../../core/booking/errors.ts";
import { canonicalJson } from "../../core/shared/canonical-json.ts";
import type { BookingSnapshot } from "../../core/notifications/notification.ts";
import { createApiRouter, handle } from "../http/api-router.ts";
import { problem } from "../http/problem.ts";
import { BOOKING_PROBLEMS, bookingProblem, bookingProblemBody } from "./booking-problems.ts";
import {
  bookingChallengeRoute,
  calendarFileRoute,
  cancelRoute,
  createBookingRoute,
  freeSlotsRoute,
  getBookingRoute,
  getOneTimeLinkRoute,
  getWidgetConfigRoute,
  holdRoute,
  releaseHoldRoute,
  nextAvailableRoute,
  quoteRoute,
  seriesPreviewRoute,
  cancelSeriesRoute,
  rescheduleRoute,
} from "./public-api-routes.ts";
import { inMemoryRateLimiters, rateLimit, type RateLimiters } from "./rate-limit.ts";
import { checkProof, issueProofChallenge } from "../../app/bookings/booking-proof.ts";
import type { ProofLedger } from "../../adapters/db/used-proofs.ts";
import { clientKey, UNKNOWN_CLIENT } from "../http/client-address.ts";

export interface PublicApiDeps extends BookingDeps {
  /** Whose a manage link's booking is (the pages' ownerOfBooking): its routes read it under that business. */
  readonly manageLinkOwner: ManageLinkOwner;
  readonly rateLimits: {
    readonly bookingsPerMinute: number;
    readonly slotsPerMinute: number;
    /** How long a client refused again waits for its answer (default REPEAT_REFUSAL_DELAY_MS). */
    readonly repeatRefusalDelayMs?: number;
  };
  /** Where the limits count (shared in PostgreSQL by several processes); in this process's memory by default. */
  readonly rateLimiters?: RateLimiters;
  /**
   * Mount point for calendar files (emails/ics engineer): renders the .ics of a booking whose
   * manage token was verified here. Absent → 404.
   */
  readonly renderCalendarFile?: (snapshot: BookingSnapshot) => string | Promise<string>;
  /**
   * Bot protection of new bookings (ADR 0055): challenges are signed with `key` (from the app
   * secret, so every process accepts every other's) and spent once in `ledger`. `maxNumber` is the
   * difficulty (DEFAULT_PROOF_MAX_NUMBER unless said), `raisedMaxNumber` a suspect client's.
   */
  readonly bookingProof: {
    readonly key: Buffer;
    readonly ledger: ProofLedger;
    readonly maxNumber?: number;
    readonly raisedMaxNumber?: number;
  };
}

/** About 10,000 SHA-256 on average: ~0.2 s in a browser worker here, under a second on a slow phone. */
export const DEFAULT_PROOF_MAX_NUMBER = 20_000;
/** A suspect client's: 25 times the work (seconds on a phone), still bookable by a person. */
export const RAISED_PROOF_MAX_NUMBER = 500_000;
/** Challenges a client may take in ten minutes before its next ones are raised. */
const CHALLENGES_BEFORE_RAISED = 20;
const SUSPICION_WINDOW_MS = 10 * 60_000;
/** The honeypot field the widget sends (empty from a person; bots fill every field). */
const HONEYPOT_FIELD = "_website";

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

/** A booking body without its proof of work (the request's meaning, for idempotency). */
function withoutProof(body: unknown): unknown {
  if (typeof body !== "object" || body === null || !("proof" in body)) return body;
  const { proof: _proof, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** `Authorization: Bearer <token>` or `?token=`. */
function manageToken(c: Context): string | null {
  const header = c.req.header("authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? c.req.query("token") ?? null;
}

export function publicApi(deps: PublicApiDeps) {
  const api = createApiRouter();
  const limiters = deps.rateLimiters ?? inMemoryRateLimiters;
  const delay = deps.rateLimits.repeatRefusalDelayMs;
  const slotsLimit = rateLimit(limiters("slots", deps.rateLimits.slotsPerMinute, 60_000, "batched"), deps.clock, delay);
  const bookingsLimit = rateLimit(limiters("bookings", deps.rateLimits.bookingsPerMinute), deps.clock, delay);
  const fail = (c: Context, error: BookingError) => bookingProblem(c, error);
  // Rate limits run before validation: a flood of invalid requests is limited too.
  api.use(freeSlotsRoute.getRoutingPath(), slotsLimit);
  api.use(nextAvailableRoute.getRoutingPath(), slotsLimit);
  // A quote reads like free slots (nothing is written): it counts against the same limit.
  api.use(quoteRoute.getRoutingPath(), slotsLimit);
  api.use(seriesPreviewRoute.getRoutingPath(), slotsLimit);
  for (const route of [
    holdRoute,
    releaseHoldRoute,
    createBookingRoute,
    rescheduleRoute,
    cancelRoute,
    cancelSeriesRoute,
  ])
    api.on(route.method.toUpperCase(), route.getRoutingPath(), bookingsLimit);
  // Fetching a challenge reads like free slots: it counts against the same limit.
  api.use(bookingChallengeRoute.getRoutingPath(), slotsLimit);

  // A client is suspect for ten minutes after a refused proof or honeypot, or after taking many
  // challenges; its challenges are then raised, and easier ones it fetched before are refused.
  const { bookingProof } = deps;
  const maxNumber = bookingProof.maxNumber ?? DEFAULT_PROOF_MAX_NUMBER;
  const raisedMaxNumber = bookingProof.raisedMaxNumber ?? RAISED_PROOF_MAX_NUMBER;
  const challengesTaken = limiters("booking-challenges", CHALLENGES_BEFORE_RAISED, SUSPICION_WINDOW_MS);
  const refusals = limiters("booking-refusals", 1, SUSPICION_WINDOW_MS);
  const clientOf = (c: Context) => clientKey(c.get("clientAddress") ?? UNKNOWN_CLIENT);
  const isSuspect = async (client: string, nowMs: number) => (await refusals.waitFor(client, nowMs)) !== null;

  handle(api, bookingChallengeRoute, async (c) => {
    const client = clientOf(c);
    const now = deps.clock();
    const isFrequent = (await challengesTaken.hit(client, now.getTime())) !== null;
    const isRaised = isFrequent || (await isSuspect(client, now.getTime()));
    c.header("Cache-Control", "no-store");
    return c.json(
      issueProofChallenge(bookingProof.key, { now, maxNumber: isRaised ? raisedMaxNumber : maxNumber }),
      200,
    );
  });

  /**
   * Why a new booking is refused before anything is booked (honeypot, proof of work), or null. A
   * refusal marks the client suspect; the same request retried with its Idempotency-Key passes the
   * ledger again and is answered by the booking's idempotency.
   */
  const refuseUnproven = async (c: Context, proof: string | undefined, key: string | null) => {
    const client = clientOf(c);
    const now = deps.clock();
    const refuse = async (status: 403 | 409 | 422, code: Parameters<typeof problem>[2], english: string) => {
      await refusals.hit(client, now.getTime());
      return problem(c, status, code, english);
    };
    const raw = c.get("jsonBody") as Record<string, unknown> | null;
    const honeypot = raw?.[HONEYPOT_FIELD];
    // Nothing is booked and the visitor is told so (not a fake confirmation: a person whose browser
    // autofilled the hidden field must not believe they booked); the widget clears it for a retry.
    if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null)
      return refuse(422, "BOOKING_NOT_ACCEPTED", "This booking was not accepted.");
    if (!proof)
      return refuse(403, "PROOF_REQUIRED", "Send a solved challenge of GET /api/booking-challenge as `proof`.");
    const minimumMaxNumber = (await isSuspect(client, now.getTime())) ? raisedMaxNumber : maxNumber;
    const checked = checkProof(bookingProof.key, proof, { now, minimumMaxNumber });
    if (!checked.ok) {
      if (checked.reason === "expired")
        return problem(c, 403, "PROOF_EXPIRED", "The challenge has expired: solve a new one.");
      if (checked.reason === "too-easy")
        return refuse(403, "PROOF_TOO_EASY", "This client needs a harder challenge: solve a new one.");
      return refuse(403, "PROOF_INVALID", "The proof does not solve a challenge of this server.");
    }
    if (!(await bookingProof.ledger.spend(checked.challenge, checked.expiresAt, key, now.getTime())))
      return refuse(409, "PROOF_USED", "This challenge has already booked: solve a new one.");
    return null;
  };

  handle(api, getWidgetConfigRoute, async (c) => {
    const result = await getWidgetConfig(deps, c.req.valid("param").calendarId);
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  handle(api, getOneTimeLinkRoute, async (c) => {
    const result = await getOneTimeLinkConfig(deps, c.req.valid("param").slug);
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  handle(api, freeSlotsRoute, async (c) => {
    const { rescheduling, ...query } = c.req.valid("query");
    const result = await getFreeSlots(deps, {
      calendarId: c.req.valid("param").calendarId,
      ...query,
      ...(rescheduling ? { rescheduling: { bookingId: rescheduling, token: manageToken(c) } } : {}),
    });
    // A kept answer is the same object again: its bytes and ETag are reused (kept-json.ts).
    return result.ok ? keptJson(c, result.value) : fail(c, result.error);
  });

  handle(api, nextAvailableRoute, async (c) => {
    const { rescheduling, ...query } = c.req.valid("query");
    const result = await getNextAvailableDate(deps, {
      calendarId: c.req.valid("param").calendarId,
      ...query,
      ...(rescheduling ? { rescheduling: { bookingId: rescheduling, token: manageToken(c) } } : {}),
    });
    return result.ok ? c.json({ date: result.value }) : fail(c, result.error);
  });

  handle(api, holdRoute, async (c) => {
    const result = await holdSlot(deps, { calendarId: c.req.valid("param").calendarId, ...c.req.valid("json") });
    return result.ok ? c.json(result.value, 201) : fail(c, result.error);
  });

  handle(api, releaseHoldRoute, async (c) => {
    const { calendarId, holdId } = c.req.valid("param");
    await releaseHold(deps, calendarId, holdId);
    return c.body(null, 204);
  });

  handle(api, seriesPreviewRoute, async (c) => {
    const result = await previewSeries(deps, { calendarId: c.req.valid("param").calendarId, ...c.req.valid("json") });
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  handle(api, cancelSeriesRoute, async (c) => {
    const { reason } = c.req.valid("json");
    const { id } = c.req.valid("param");
    const token = manageToken(c);
    const result = await withLinkOwner(deps.manageLinkOwner, id, token, (businessId) =>
      cancelRestOfSeries(deps, businessId, id, token, reason ?? null),
    );
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  handle(api, quoteRoute, async (c) => {
    const result = await quoteBooking(deps, { calendarId: c.req.valid("param").calendarId, ...c.req.valid("json") });
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  handle(
    api,
    createBookingRoute,
    async (c) => {
      const key = c.req.valid("header")["idempotency-key"] ?? null;
      const { proof, ...input } = c.req.valid("json");
      const refused = await refuseUnproven(c, proof, key);
      if (refused) return refused;
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
              // Without its proof: a retry that solved a new challenge is still the same request.
              requestHash: createHash("sha256")
                .update(canonicalJson(withoutProof(c.get("jsonBody"))))
                .digest("hex"),
            };
      const result = await createBooking(deps, input, scope);
      if (result.ok) return c.json(withOccurrenceMessages(result.value), 201);
      // A key is its business's (ADR 0057): the calendar's, read again from the cache it was just
      // loaded into. A request refused before any calendar was known (none has its id) stores no
      // answer: its replay is refused alike, and no booking was made that a replay could repeat.
      const business = scope ? (await deps.store.loadCalendar(input.calendarId))?.business : undefined;
      if (scope && business) {
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
          business.id,
          { ...scope, statusCode: status, body: bodyOut },
          deps.clock().getTime(),
        );
        if (stored.kind !== "claimed") return answerStoredKey(c, stored);
      }
      return fail(c, result.error);
    },
    (target, c) =>
      target === "header"
        ? problem(
            c,
            400,
            "INVALID_IDEMPOTENCY_KEY",
            "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
          )
        : undefined,
  );

  handle(api, getBookingRoute, async (c) => {
    const { id } = c.req.valid("param");
    const token = manageToken(c);
    const result = await withLinkOwner(deps.manageLinkOwner, id, token, (businessId) =>
      getBooking(deps, businessId, id, token),
    );
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  handle(api, rescheduleRoute, async (c) => {
    const { id } = c.req.valid("param");
    const token = manageToken(c);
    const result = await withLinkOwner(deps.manageLinkOwner, id, token, (businessId) =>
      rescheduleBooking(deps, businessId, id, token, c.req.valid("json")),
    );
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  handle(api, cancelRoute, async (c) => {
    const { reason } = c.req.valid("json");
    const { id } = c.req.valid("param");
    const token = manageToken(c);
    const result = await withLinkOwner(deps.manageLinkOwner, id, token, (businessId) =>
      cancelBooking(deps, businessId, id, token, reason ?? null),
    );
    return result.ok ? c.json(result.value) : fail(c, result.error);
  });

  handle(api, calendarFileRoute, async (c) => {
    const { id } = c.req.valid("param");
    const token = manageToken(c);
    const found = await withLinkOwner(deps.manageLinkOwner, id, token, (businessId) =>
      findManagedBooking(deps, businessId, id, token),
    );
    if (!found.ok) return fail(c, found.error);
    if (!deps.renderCalendarFile) return problem(c, 404, "NOT_FOUND", "Calendar files are not available.");
    const { ctx, record } = found.value;
    const members = await seriesOf(deps, record);
    const snapshot = toSnapshot(ctx, record, deps.publicUrl, token);
    const ics = await deps.renderCalendarFile(members ? { ...snapshot, series: seriesSnapshot(members) } : snapshot);
    return c.body(ics, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="booking-${record.id}.ics"`,
    });
  });

  return api;
}
