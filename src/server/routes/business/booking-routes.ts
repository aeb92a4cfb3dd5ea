/** The business's bookings: the list by range, one booking, and what the business does to one. */
import { servesBooking } from "../../../core/console/staff-access.ts";
import type { Context } from "hono";
import { confirmRequest, declineRequest } from "../../../app/bookings/answer-request.ts";
import { cancelBookingAsBusiness, rescheduleBookingAsBusiness } from "../../../app/business/change-booking.ts";
import type { BookingError } from "../../../core/booking/errors.ts";
import { addDays, isLocalDate, startOfLocalDay } from "../../../core/shared/time.ts";
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import { problem, problemResponse } from "../../http/problem.ts";
import { bookingProblem } from "../booking-problems.ts";
import {
  define,
  ids,
  REFUSALS,
  reply,
  type BusinessApiDeps,
  type BusinessEnv,
  type BusinessRouter,
} from "./business-routing.ts";
import { BookingsQuerySchema, ReasonBodySchema, RefundBodySchema, RescheduleBodySchema } from "./input-schemas.ts";
import { BusinessBookingSchema, PaymentSchema } from "./output-schemas.ts";

const bookingParams = ids("bookingId");
const after = json(BusinessBookingSchema, "The booking after it");

const listBookings = define.route({
  method: "get",
  path: "/bookings",
  summary: "Bookings starting in a range, by status and calendar",
  request: { query: BookingsQuerySchema },
  responses: {
    200: json(z.array(BusinessBookingSchema), "The bookings, by start"),
    ...problems("VALIDATION_FAILED", "INVALID_RANGE", "RANGE_TOO_LONG", "NOT_FOUND"),
  },
});

const getBooking = define.route({
  method: "get",
  path: "/bookings/{bookingId}",
  summary: "A booking",
  request: { params: bookingParams },
  responses: { 200: json(BusinessBookingSchema, "The booking"), ...problems("BOOKING_NOT_FOUND") },
});

const confirmBooking = define.route({
  method: "post",
  path: "/bookings/{bookingId}/confirm",
  summary: "Confirm a request (status new → confirmed)",
  request: { params: bookingParams },
  responses: { 200: after, ...problems(...REFUSALS.booking) },
});

const declineBooking = define.route({
  method: "post",
  path: "/bookings/{bookingId}/decline",
  summary: "Decline a request (new → cancelled)",
  request: { params: bookingParams, body: jsonBody(ReasonBodySchema) },
  responses: { 200: after, ...problems(...REFUSALS.body, ...REFUSALS.booking) },
});

const cancelBooking = define.route({
  method: "post",
  path: "/bookings/{bookingId}/cancel",
  summary: "Cancel as the business (the visitor's cut-off does not apply)",
  request: { params: bookingParams, body: jsonBody(ReasonBodySchema) },
  responses: { 200: after, ...problems(...REFUSALS.body, ...REFUSALS.booking) },
});

const rescheduleBooking = define.route({
  method: "post",
  path: "/bookings/{bookingId}/reschedule",
  summary: "Move as the business (slot rules apply; the visitor's policy does not)",
  request: { params: bookingParams, body: jsonBody(RescheduleBodySchema) },
  responses: { 200: after, ...problems(...REFUSALS.body, ...REFUSALS.booking, "TIMEZONE_NOT_FOUND") },
});

const listPayments = define.route({
  method: "get",
  path: "/bookings/{bookingId}/payments",
  summary: "A booking's payments (amounts in the currency's minor units), newest first",
  request: { params: bookingParams },
  responses: { 200: json(z.array(PaymentSchema), "The payments"), ...problems("NOT_FOUND") },
});

const refundBooking = define.route({
  method: "post",
  path: "/bookings/{bookingId}/refund",
  summary: "Give money back to the visitor (amountMinor, or everything left when omitted)",
  description:
    "Recorded at once and sent to the payment provider after; a refund the provider does not confirm is retried until it does, with the same idempotency key.",
  request: { params: bookingParams, body: jsonBody(RefundBodySchema) },
  responses: { 200: json(z.array(PaymentSchema), "The payments after it"), ...problems(...REFUSALS.body, "NOT_FOUND") },
});

/** The widest range one listing covers. */
const MAX_RANGE_DAYS = 400;

export function bookingRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, listBookings, async (c) => {
    const query = c.req.valid("query");
    const business = await c.var.repo.getBusiness();
    const zone = business?.timeZone ?? "UTC";
    const fromMs = isLocalDate(query.from) ? startOfLocalDay(query.from, zone) : Date.parse(query.from);
    const toMs = isLocalDate(query.to) ? startOfLocalDay(addDays(query.to, 1), zone) : Date.parse(query.to);
    if (toMs <= fromMs) return problem(c, 400, "INVALID_RANGE", "`to` must be after `from`.");
    if (toMs - fromMs > MAX_RANGE_DAYS * 86_400_000)
      // Not the catalogue's text: that one is the widget's 31-day limit. The business API's limit is its own.
      return problemResponse(c, 400, "RANGE_TOO_LONG", `The range can cover at most ${MAX_RANGE_DAYS} days.`);
    const result = await c.var.repo.listBookings({
      fromMs,
      toMs,
      ...(query.status ? { statuses: query.status } : {}),
      ...(query.calendarId ? { calendarId: query.calendarId } : {}),
      // A staff login sees the bookings it serves, whatever it asked for.
      ...(c.var.actor.role === "staff"
        ? { staffId: c.var.actor.staffId ?? "none" }
        : query.staffId
          ? { staffId: query.staffId }
          : {}),
      limit: query.limit,
    });
    return reply.send(c, result, "calendar");
  });

  /** One of this business's bookings that the caller may see (a staff login: only those it serves). */
  async function visibleBooking(c: Context<BusinessEnv>, bookingId: string) {
    const booking = await c.var.repo.getBooking(bookingId);
    return booking && servesBooking(c.var.actor, booking.staffIds) ? booking : null;
  }

  handle(api, getBooking, async (c) => {
    const booking = await visibleBooking(c, c.req.valid("param").bookingId);
    return booking ? c.json(booking) : bookingProblem(c, { code: "BOOKING_NOT_FOUND" });
  });

  /** Runs a booking use case on one of this business's bookings and answers with the booking after it. */
  async function act(
    c: Context<BusinessEnv>,
    bookingId: string,
    run: (businessId: string) => Promise<{ ok: true } | { ok: false; error: BookingError }>,
  ) {
    // Scoped lookup first: another business's booking is not found before any use case runs.
    if (!(await visibleBooking(c, bookingId))) return bookingProblem(c, { code: "BOOKING_NOT_FOUND" });
    const outcome = await run(c.var.repo.businessId);
    if (!outcome.ok) return bookingProblem(c, outcome.error);
    return c.json((await c.var.repo.getBooking(bookingId))!);
  }

  handle(api, confirmBooking, (c) =>
    act(c, c.req.valid("param").bookingId, (businessId) =>
      confirmRequest(deps.bookings, businessId, c.req.valid("param").bookingId),
    ),
  );
  handle(api, declineBooking, (c) => {
    const { bookingId } = c.req.valid("param");
    const reason = c.req.valid("json").reason ?? null;
    return act(c, bookingId, (businessId) => declineRequest(deps.bookings, businessId, bookingId, reason));
  });
  handle(api, cancelBooking, (c) => {
    const { bookingId } = c.req.valid("param");
    const reason = c.req.valid("json").reason ?? null;
    return act(c, bookingId, (businessId) => cancelBookingAsBusiness(deps.bookings, businessId, bookingId, reason));
  });
  handle(api, listPayments, async (c) =>
    reply.send(c, await c.var.repo.listPayments(c.req.valid("param").bookingId), "booking"),
  );
  handle(api, refundBooking, async (c) => {
    const { bookingId } = c.req.valid("param");
    const result = await c.var.repo.refundPayments(bookingId, c.req.valid("json").amountMinor ?? null, deps.clock());
    if (!result.ok) return reply.send(c, result, "booking");
    await deps.bookings.money?.giveBack();
    return reply.send(c, await c.var.repo.listPayments(bookingId), "booking");
  });
  handle(api, rescheduleBooking, (c) => {
    const { bookingId } = c.req.valid("param");
    const input = c.req.valid("json");
    return act(c, bookingId, (businessId) => rescheduleBookingAsBusiness(deps.bookings, businessId, bookingId, input));
  });
}
