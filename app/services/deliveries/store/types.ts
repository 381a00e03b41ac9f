import type { Delivery } from "@prisma/client";
import type { EventKeys } from "../event-keys.server";

/** A new delivery's columns as the receiver's insert writes them (outbox.server.ts makes them). */
export interface DeliveryRow extends EventKeys, ErrorColumns {
  id: string;
  shop: string;
  topic: string;
  eventId: string;
  status: "queued" | "skipped";
  nextAttemptAt: Date;
  payload: string | null;
  buyer: string | null;
  receivedAt: Date;
}

/** A delivery as `RETURNING *` gives it, before rows.ts makes it the model. */
export type ReturnedRow = Record<keyof Delivery, unknown>;

/** The error columns of a delivery (lastErrorColumns in app/lib/delivery-errors.ts). */
export interface ErrorColumns {
  lastError: string | null;
  lastErrorCode: string | null;
  lastErrorParams: string | null;
}

/** A claimed delivery's identity and the claim it is under. */
export type Leased = Pick<Delivery, "id" | "leaseOwner">;

/** The callback's view of an order's delivery. */
export interface CallbackRow {
  id: string;
  orderId: string | null;
  tagsApplied: string;
  test: boolean | number;
}
