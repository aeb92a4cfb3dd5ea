/**
 * Bookings on the database (PGlite or PostgreSQL, same code), composed of one part per concern
 * under bookings/: the calendar loader, the reads, the writes (each one short transaction that
 * relies on constraints, not on earlier reads), class seats, idempotency keys, and the batched
 * statement for common bookings.
 */
import { randomBytes } from "node:crypto";
import { couponUsage, findCoupon } from "./coupon-redemptions.ts";
import type { BookingStore } from "../../app/bookings/ports.ts";
import type { NotificationMessage } from "../../core/notifications/notification.ts";
import { createLinkSealer, type LinkSealer } from "../outbox/link-sealing.ts";
import { calendarLoader } from "./bookings/calendar-loader.ts";
import { executorOf, type Executor } from "./bookings/executor.ts";
import { idempotencyKeys } from "./bookings/idempotency.ts";
import { bookingReads } from "./bookings/reads.ts";
import { loadUnitOccupancy } from "./bookings/resources.ts";
import { leaveAsIs, mapManageToken } from "./bookings/rows.ts";
import { simpleBookingWriter } from "./bookings/simple-bookings.ts";
import { bookingWrites } from "./bookings/writes.ts";
import type { Database, Db } from "./client.ts";

export interface BookingRepositoryOptions {
  /**
   * How long a loaded calendar (settings, members, hours, services) is reused, in ms. Bookings and
   * holds are never cached — the guarantees live in the database — so a stale calendar can only
   * offer or refuse by rules that changed moments ago. 0 disables the cache.
   */
  readonly calendarCacheMs?: number;
  /**
   * Applied to every notification before it is written to the outbox: the server seals the manage
   * links (src/adapters/outbox/link-sealing.ts) so the outbox holds no token in the clear.
   */
  readonly sealNotification?: (message: NotificationMessage) => NotificationMessage;
  /**
   * Seals the manage token inside an answer stored for idempotent replay, so the database never
   * holds it in the clear (issue 13). The server passes its APP_SECRET sealer; without one, a
   * random per-process key is used (replays then work until the process restarts).
   */
  readonly secretSealer?: Pick<LinkSealer, "sealText" | "openText">;
  /**
   * Statements writing common bookings in flight at once (ADR 0011); bookings arriving while they
   * are all busy share the next one. Default: 2 on a PostgreSQL pool, 1 on PGlite.
   */
  readonly writeConcurrency?: number;
  /**
   * Where the reads behind free slots go (the calendar context and the versioned occupancy): a read
   * replica's routing (ADR 0056). Default: the same database as everything else.
   */
  readonly slotReads?: Executor;
}

export function createBookingRepository(source: Database | Db, options: BookingRepositoryOptions = {}): BookingStore {
  const database = executorOf(source);
  const seal = options.sealNotification ?? leaveAsIs;
  const secrets = options.secretSealer ?? createLinkSealer(randomBytes(32).toString("hex"));
  const storedAnswer = (body: unknown) => JSON.stringify(mapManageToken(body, secrets.sealText));
  const keys = idempotencyKeys(database, secrets);
  const simpleBookings = simpleBookingWriter(database, {
    seal,
    storedAnswer,
    writeConcurrency: options.writeConcurrency,
  });
  return {
    ...calendarLoader((options.slotReads ?? database).db, options.calendarCacheMs ?? 2000),
    ...bookingReads(database, options.slotReads),
    loadUnitOccupancy: (businessId, unitIds, fromMs, toMs) =>
      loadUnitOccupancy(database, businessId, unitIds, fromMs, toMs),
    ...bookingWrites(database, { seal, storedAnswer, simpleBookings, purgeOldKeys: keys.purgeOldKeys }),
    async findCoupon(businessId, code, visitorEmail) {
      const coupon = await findCoupon(database.db, businessId, code);
      return coupon ? { coupon, ...(await couponUsage(database.db, coupon.id, visitorEmail)) } : null;
    },
    claimIdempotencyKey: keys.claimIdempotencyKey,
    completeIdempotencyKey: keys.completeIdempotencyKey,
    releaseIdempotencyKey: keys.releaseIdempotencyKey,
  };
}
