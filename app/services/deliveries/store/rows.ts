import type { Delivery } from "@prisma/client";
import type { ReturnedRow } from "./types";

const DATE_COLUMNS = [
  "nextAttemptAt",
  "leaseExpiresAt",
  "payloadPurgedAt",
  "deliveredAt",
  "callbackAt",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof Delivery)[];

/**
 * A row as `RETURNING *` gives it, as the model: on SQLite the returned columns carry no declared type, so dates
 * may come back as the stored text; PostgreSQL gives Dates. Integers may come back as bigint.
 */
export function toDelivery(row: ReturnedRow): Delivery {
  const delivery = { ...row } as Record<string, unknown>;
  for (const column of DATE_COLUMNS) {
    const value = row[column];
    delivery[column] = value == null ? null : value instanceof Date ? value : new Date(value as string | number);
  }
  delivery.attempts = Number(row.attempts);
  delivery.replays = Number(row.replays);
  // SQLite returns a boolean column as 0 or 1.
  delivery.test = Boolean(row.test);
  return delivery as Delivery;
}
