/**
 * The JSON shapes of docs/api.md that the admin pages read. Keep in step with that page.
 * Where a server module already declares a shape, it is imported as a type only: type imports are erased
 * at build time, so no server code reaches the browser bundle, and there is one declaration to keep right.
 */
import type { AssociationRecord } from "~/services/catalogue/associations.server";
import type { PlatformProduct, PlatformVariant } from "~/services/platform/catalogue.server";
import type { RecentOrder } from "~/services/platform/recent-orders.server";
import type { publicSettings } from "~/services/shops/configuration.server";
import type { Theme } from "~/services/theme/platform-themes.server";
import type { ThemeInstallSummary } from "~/services/theme/install.server";
import type { BuyerSummary } from "./buyer-summary";
import type { DeliveryErrorCode, DeliveryErrorParams } from "./delivery-errors";
import type { DeliveryStatus } from "./delivery-status";

export type { BuyerSummary, PlatformProduct, PlatformVariant, Theme };

export type PublicConfiguration = ReturnType<typeof publicSettings>;

export interface AutomationFlow {
  id: string;
  name: string;
  description: string;
  status: string;
}

export { DELIVERY_STATUSES, type DeliveryStatus } from "./delivery-status";

export interface DeliverySummary {
  id: string;
  topic: string;
  eventId: string;
  orderId: string | null;
  orderName: string | null;
  flowId: string | null;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  /** The English sentence (API clients, operators); the pages word `lastErrorCode` instead. */
  lastError: string | null;
  /** null on rows from before codes: then only `lastError` says why (docs/decisions/130). */
  lastErrorCode: DeliveryErrorCode | null;
  lastErrorParams: DeliveryErrorParams | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  callbackStatus: string | null;
  tagsApplied: string[];
  /** A test order's delivery (the loop test's): marked in the log, left out of the insights. */
  test: boolean;
  /** Who bought and what, while the order's data is kept (docs/decisions/205); null once erased. */
  buyer: BuyerSummary | null;
}

export interface DeliveryDetail extends DeliverySummary {
  attemptLog: {
    at: string;
    outcome: string;
    httpStatus: number | null;
    error: string | null;
    /** Absent on attempts logged before codes. */
    code?: DeliveryErrorCode;
    params?: DeliveryErrorParams;
    durationMs: number;
  }[];
  callback: { receivedAt: string; status: string | null; tags: string[] } | null;
  payloadSummary: {
    orderName: string | null;
    totalPrice: string | null;
    currency: string | null;
    lineItemCount: number;
    customerFirstName: string | null;
  } | null;
}

export type DeliveryCounts = Record<DeliveryStatus, number>;

export interface SupplierVariation {
  id: string;
  sku: string;
  price: number | null;
  stock?: number | null;
  attributes?: { name: string; value: string }[];
}

export interface SupplierProduct {
  id: string;
  name: string;
  title: string;
  description: string;
  gallery: { urlS3: string | null; url: string | null }[];
  variations: SupplierVariation[];
  price: number | null;
  stock: number | null;
}

export interface UpstreamError {
  code: "unavailable" | "rate_limited" | "rejected";
  message: string;
}

export type Order = RecentOrder;

export type ProductAssociation = AssociationRecord;

export type ThemeInstall = ThemeInstallSummary;

/** The supported supplier countries (spec: "Supported countries and their field ids"). */
export const SUPPLIER_COUNTRIES = ["CO", "EC", "CL", "GT", "MX", "PA", "PE", "PY"] as const;
