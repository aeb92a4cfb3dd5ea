/**
 * Writing side effects into the outbox. Booking use cases call these inside the transaction that
 * changes the booking, so the notification exists exactly when the change does; the outbox worker
 * delivers it after commit (src/adapters/outbox/outbox-worker.ts).
 */
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
