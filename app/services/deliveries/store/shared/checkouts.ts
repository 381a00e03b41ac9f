import { statement } from "../../../../lib/statement.server";
import type { ErrorColumns } from "../types";

/**
 * Skips the shop's waiting abandoned-checkout deliveries with this checkout or cart token (either may be null),
 * dropping what they kept of the buyer. Each token is looked up through its own (shop, token) index (an OR of
 * both would scan the table).
 */
export const cancelCheckouts = statement<
  ErrorColumns & { shop: string; checkoutToken: string | null; cartToken: string | null; now: Date }
>`
    UPDATE "Delivery"
    SET "status" = 'skipped', "lastError" = ${"lastError"}, "lastErrorCode" = ${"lastErrorCode"},
      "lastErrorParams" = ${"lastErrorParams"}, "payload" = NULL, "buyer" = NULL, "updatedAt" = ${"now"}
    WHERE "id" IN (
        SELECT "id" FROM "Delivery" WHERE "shop" = ${"shop"} AND "checkoutToken" = ${"checkoutToken"}
        UNION ALL
        SELECT "id" FROM "Delivery" WHERE "shop" = ${"shop"} AND "cartToken" = ${"cartToken"})
      AND "topic" = 'checkouts/create' AND "status" IN ('queued', 'retrying')`;

/** Whether the shop has a session (the app is installed): tells a refused insert's two reasons apart. */
export const shopInstalled = statement<{ shop: string }>`SELECT 1 FROM "Session" WHERE "shop" = ${"shop"} LIMIT 1`;
