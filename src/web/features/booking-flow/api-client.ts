/**
 * The widget's calls to the public booking API (src/server/routes/public-api.ts). Every refusal
 * comes back as a problem document with a stable `code`; the UI localises the code, never `detail`.
 */
import type { WidgetConfig } from "../../../app/bookings/get-widget-config.ts";
import type { BookingView } from "../../../app/bookings/manage-booking.ts";

export type { WidgetConfig, BookingView };
/** Class calendars showing seats add `seats` (parallel to `slots`) and `full` (full classes). */
export type SlotsByDate = Record<string, { slots: string[]; seats?: number[]; full?: string[] }>;

export interface ApiProblem {
  status: number;
  code: string;
  detail?: string;
  errors?: { path: string; code: string; message: string }[];
  availableSeats?: number;
  count?: number;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; problem: ApiProblem };

export interface CreatedBooking {
  id: string;
  status: "new" | "confirmed" | "pending_payment";
  calendarId: string;
  startTime: string;
  manageToken: string;
  priceCents: number;
  currency: string;
  payment: DuePayment | null;
}

/** A booking's payment to make before `dueAt` (status pending_payment). */
export interface DuePayment {
  id: string;
  provider: "test" | "stripe";
  clientSecret: string;
  /** Stripe: the key Stripe.js is loaded with (the account taking this payment). */
  publishableKey: string | null;
  kind: "full" | "deposit";
  amountMinor: number;
  currency: string;
  dueAt: string;
}

export interface BookingRequest {
  calendarId: string;
  startTime: string;
  timezone: string;
  contact: {
    firstName: string;
    lastName: string;
    email: string;
    phone?: string | null;
    dateOfBirth?: string | null;
    location?: string | null;
    notes?: string | null;
    consent?: boolean | null;
  };
  staffId?: string | null;
  /** Service calendars: the booker's cart. */
  serviceIds?: string[] | null;
  /** Service calendars: one cart per additional guest, in guest order. */
  guestCarts?: string[][] | null;
  /** Service calendars: the variations and add-ons picked. */
  offers?: ApiOffer[];
  couponCode?: string | null;
  guests?: number | { name: string; email: string }[];
  answers?: Record<string, string | string[]>;
  oneTimeSlug?: string | null;
  holdId?: string | null;
  locale?: string | null;
  recurring?: { frequency: "daily" | "weekly" | "monthly"; interval: number; count: number; policy: string };
}

export async function call<T>(path: string, init?: RequestInit & { token?: string }): Promise<ApiResult<T>> {
  const headers = new Headers(init?.headers);
  headers.set("accept", "application/json");
  if (init?.body) headers.set("content-type", "application/json");
  if (init?.token) headers.set("authorization", `Bearer ${init.token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch {
    return { ok: false, problem: { status: 0, code: "NETWORK" } };
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, value: body as T };
  const problem =
    body && typeof body === "object" && "code" in body
      ? (body as ApiProblem)
      : { status: response.status, code: "UNEXPECTED" };
  return { ok: false, problem: { ...problem, status: response.status } };
}

const query = (params: Record<string, string | number | null | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== null && e[1] !== undefined && e[1] !== "")
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export interface SlotsParams {
  timezone: string;
  staffId?: string | null;
  serviceIds?: string[];
  /** One cart per additional guest (service calendars). */
  guestCarts?: string[][];
  guests?: number;
  /** The variations and add-ons picked (offers.ts). */
  offers?: ApiOffer[];
  /** A booking being moved and its manage token: its own time counts as free. */
  rescheduling?: { bookingId: string; token: string } | null;
}

/** One service's pick as the API takes it (public-api-schemas.ts: OfferPick). */
export interface ApiOffer {
  serviceId: string;
  /** One attendee's own pick (0 the visitor); absent: everyone's. */
  attendee?: number;
  variationId: string | null;
  addOns: { addOnId: string; quantity: number }[];
}

/** Picks in a query string: `serviceId:variationId:addOnId*2,…;…` (public-api-schemas.ts). */
const offersQuery = (offers: readonly ApiOffer[]) =>
  offers
    .map(
      (o) =>
        `${o.serviceId}${o.attendee ? `@${o.attendee}` : ""}:${o.variationId ?? ""}:${o.addOns.map((a) => `${a.addOnId}*${a.quantity}`).join(",")}`,
    )
    .join(";");

const slotParams = (p: SlotsParams) => ({
  timezone: p.timezone,
  staffId: p.staffId,
  serviceIds: p.serviceIds?.join(",") || null,
  guestCarts: p.guestCarts?.length ? p.guestCarts.map((c) => c.join(",")).join(";") : null,
  guests: p.guests || null,
  offers: p.offers?.length ? offersQuery(p.offers) : null,
  rescheduling: p.rescheduling?.bookingId,
});

export const fetchFreeSlots = (calendarId: string, startDate: string, endDate: string, p: SlotsParams) =>
  call<SlotsByDate>(
    `/api/calendars/${encodeURIComponent(calendarId)}/free-slots?${query({ startDate, endDate, ...slotParams(p) })}`,
    { token: p.rescheduling?.token },
  );

export const fetchNextAvailable = (calendarId: string, from: string, p: SlotsParams) =>
  call<{ date: string | null }>(
    `/api/calendars/${encodeURIComponent(calendarId)}/next-available?${query({ from, ...slotParams(p) })}`,
    { token: p.rescheduling?.token },
  );

export const holdSlot = (
  calendarId: string,
  body: Omit<SlotsParams, "rescheduling"> & { startTime: string; replacesHoldId?: string | null },
) =>
  call<{
    holdId: string;
    expiresAt: string;
    assignments?: { guestIndex: number; serviceId: string; staffId: string }[];
  }>(`/api/calendars/${encodeURIComponent(calendarId)}/holds`, {
    method: "POST",
    body: JSON.stringify(body),
  });

export const createBooking = (body: BookingRequest, idempotencyKey: string) =>
  call<CreatedBooking>(`/api/bookings`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "idempotency-key": idempotencyKey },
  });

export const rescheduleBooking = (id: string, token: string, body: { startTime: string; timezone: string }) =>
  call<BookingView>(`/api/bookings/${encodeURIComponent(id)}/reschedule`, {
    method: "POST",
    body: JSON.stringify(body),
    token,
  });

export const cancelBooking = (id: string, token: string, reason: string | null) =>
  call<BookingView>(`/api/bookings/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
    body: JSON.stringify({ reason }),
    token,
  });

export const payWithTestCard = (
  paymentId: string,
  body: {
    clientSecret: string;
    card: { number: string; expiry: string; cvc: string };
    authentication?: "approve" | "deny";
  },
) =>
  call<{ status: "succeeded" | "requires_action"; bookingId?: string }>(
    `/api/payments/${encodeURIComponent(paymentId)}/test-card`,
    { method: "POST", body: JSON.stringify(body) },
  );

/** Where a payment stands (the booking is confirmed once the provider has told the server). */
export const paymentStatus = (paymentId: string, clientSecret: string) =>
  call<{ status: "succeeded" | "waiting" | "failed"; bookingId?: string }>(
    `/api/payments/${encodeURIComponent(paymentId)}/status`,
    { method: "POST", body: JSON.stringify({ clientSecret }) },
  );

export const abandonPayment = (paymentId: string, clientSecret: string) =>
  call<null>(`/api/payments/${encodeURIComponent(paymentId)}/abandon`, {
    method: "POST",
    body: JSON.stringify({ clientSecret }),
  });

/** The URL of a booking's confirmation/manage screen (the same shape as the emails' manage link). */
export function bookingPageUrl(
  calendarPath: string,
  id: string,
  token: string,
  done?: "booked" | "rescheduled" | "cancelled" | "withdrawn",
): string {
  return `${calendarPath}?${query({ booking: id, token, done })}`;
}
