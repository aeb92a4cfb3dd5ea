/**
 * Class seats: a conditional `update … where seats_taken + n <= seats_total` (+ CHECK, 23514) takes
 * them, so concurrent bookings never oversell a session. Every statement names the business (ADR 0057).
 */
import { and, eq, sql } from "drizzle-orm";
import type { ClassSeatRequest } from "../../../app/bookings/ports.ts";
import type { Tx } from "../kernel.ts";
import * as t from "../schema.ts";
import { rangeLiteral, Refused } from "./rows.ts";

/** Takes seats of a class session, creating the session (and its single occupancy of the host) on first use. */
export async function takeSeats(
  tx: Tx,
  businessId: string,
  calendarId: string,
  request: ClassSeatRequest,
): Promise<string> {
  const [created] = await tx
    .insert(t.classSessions)
    .values({
      businessId,
      calendarId,
      staffId: request.staffId,
      startsAt: new Date(request.startMs),
      endsAt: new Date(request.endMs),
      seatsTotal: request.seatsTotal,
    })
    .onConflictDoNothing({ target: [t.classSessions.calendarId, t.classSessions.startsAt, t.classSessions.businessId] })
    .returning({ id: t.classSessions.id });
  let sessionId = created?.id;
  if (sessionId) {
    await tx.insert(t.bookingItems).values({
      businessId,
      classSessionId: sessionId,
      staffId: request.staffId,
      blocked: rangeLiteral(request.blockedStartMs, request.blockedEndMs),
      startsAt: new Date(request.startMs),
      endsAt: new Date(request.endMs),
      active: true,
    });
  } else {
    const [existing] = await tx
      .select({ id: t.classSessions.id })
      .from(t.classSessions)
      .where(
        and(
          eq(t.classSessions.calendarId, calendarId),
          eq(t.classSessions.startsAt, new Date(request.startMs)),
          eq(t.classSessions.businessId, businessId),
        ),
      );
    if (!existing) throw new Refused({ code: "SCHEDULING_FAILED" });
    sessionId = existing.id;
  }
  const [taken] = await tx
    .update(t.classSessions)
    .set({ seatsTaken: sql`${t.classSessions.seatsTaken} + ${request.seats}` })
    .where(
      and(
        eq(t.classSessions.id, sessionId),
        eq(t.classSessions.businessId, businessId),
        sql`${t.classSessions.seatsTaken} + ${request.seats} <= ${t.classSessions.seatsTotal}`,
      ),
    )
    .returning({ seatsTaken: t.classSessions.seatsTaken });
  if (!taken) {
    const [row] = await tx
      .select()
      .from(t.classSessions)
      .where(and(eq(t.classSessions.id, sessionId), eq(t.classSessions.businessId, businessId)));
    throw new Refused({
      code: "SEATS_EXCEEDED",
      availableSeats: Math.max(0, (row?.seatsTotal ?? 0) - (row?.seatsTaken ?? 0)),
    });
  }
  if (!created && taken.seatsTaken === request.seats) {
    // The session had emptied (all cancelled) and released its host: occupy again (may be refused).
    await tx
      .update(t.bookingItems)
      .set({ active: true })
      .where(
        and(
          eq(t.bookingItems.classSessionId, sessionId),
          eq(t.bookingItems.businessId, businessId),
          eq(t.bookingItems.active, false),
        ),
      );
  }
  return sessionId;
}

export async function releaseSeats(tx: Tx, businessId: string, sessionId: string, seats: number): Promise<void> {
  const [row] = await tx
    .update(t.classSessions)
    .set({ seatsTaken: sql`greatest(0, ${t.classSessions.seatsTaken} - ${seats})` })
    .where(and(eq(t.classSessions.id, sessionId), eq(t.classSessions.businessId, businessId)))
    .returning({ seatsTaken: t.classSessions.seatsTaken });
  if (row && row.seatsTaken === 0) {
    await tx
      .update(t.bookingItems)
      .set({ active: false })
      .where(and(eq(t.bookingItems.classSessionId, sessionId), eq(t.bookingItems.businessId, businessId)));
  }
}
