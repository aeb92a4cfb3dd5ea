/**
 * Writing side effects into the outbox. Booking use cases call these inside the transaction that
 * changes the booking, so the notification exists exactly when the change does; the outbox worker
 * delivers it after commit (src/adapters/outbox/outbox-worker.ts).
 */
import { createHash } from "node:crypto";
import type { NotificationMessage } from "../../core/notifications/notification.ts";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema.ts";

export const NOTIFICATION_TOPIC = "notification";

/** A database or an open transaction (`db.transaction(async (tx) => …)`). */
export type OutboxExecutor = Pick<Db, "insert">;

/** Queues a notification for delivery; returns the outbox row id. */
export async function enqueueNotification(
  tx: OutboxExecutor,
  businessId: string,
  message: NotificationMessage,
): Promise<string> {
  const [row] = await tx
    .insert(outbox)
    .values({ businessId, topic: NOTIFICATION_TOPIC, payload: message as unknown as Record<string, unknown> })
    .returning({ id: outbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  return row.id;
}

/**
 * An outbox id (a UUID, version 8: custom) derived from a name, for rows that must exist once however
 * often they are written — by a retried delivery or by two processes (`on conflict (id, business_id) do nothing`).
 */
export function outboxIdFromName(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex").slice(0, 32).split("");
  hex[12] = "8";
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
