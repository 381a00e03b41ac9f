import type { Delivery, ShopConfiguration } from "@prisma/client";
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

/** A shop's configuration as the order path reads it (secrets sealed). */
export type SettingsRow = Pick<
  ShopConfiguration,
  | "shop"
  | "automationApiKey"
  | "newOrderFlowId"
  | "abandonedCartFlowId"
  | "supplierStoreName"
  | "supplierCountry"
  | "supplierToken"
  | "updatedAt"
>;

/** A shop's order rules as the engine gives them: SQLite's booleans as 0/1, counts maybe as bigint. */
export interface RulesRow {
  noPhoneAction: string;
  phoneCountry: string | null;
  duplicateWindowMinutes: number | bigint;
  duplicateAction: string;
  sendingHoursOn: boolean | number | bigint;
  sendingHoursFrom: string;
  sendingHoursTo: string;
}

/** The Session table's row as the engine gives it: SQLite's dates as their text and booleans as 0/1. */
export interface SessionRow {
  id: string;
  shop: string;
  state: string;
  isOnline: boolean | number;
  scope: string | null;
  expires: Date | string | number | null;
  accessToken: string;
  userId: bigint | number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  accountOwner: boolean | number | null;
  locale: string | null;
  collaborator: boolean | number | null;
  emailVerified: boolean | number | null;
  refreshToken: string | null;
  refreshTokenExpires: Date | string | number | null;
}
