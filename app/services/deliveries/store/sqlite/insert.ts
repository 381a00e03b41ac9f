import { INSERTED_COLUMNS, KEEP_FIRST_OF_DUPLICATES } from "../rules";
import { statement } from "../../../../lib/statement.server";
import type { DeliveryRow } from "../types";

/**
 * The receiver's insert, only while the shop has a session (installed; see outbox.server.ts). Writers are
 * serialised on SQLite, so an uninstall commits wholly before or after it (after: the uninstall's delete takes the
 * row). SQLite takes the values as they come: no casts (PostgreSQL's insert needs them).
 */
export const insertDelivery = statement<DeliveryRow>`
        INSERT INTO "Delivery" (${INSERTED_COLUMNS})
        SELECT ${"id"}, ${"shop"}, ${"topic"}, ${"eventId"}, ${"resourceId"}, ${"orderId"}, ${"orderName"},
          ${"customerId"}, ${"checkoutToken"}, ${"cartToken"}, ${"status"}, ${"lastError"}, ${"lastErrorCode"},
          ${"lastErrorParams"}, 0, ${"nextAttemptAt"}, ${"payload"}, ${"buyer"}, '[]', '[]', ${"test"}, ${"searchKey"}, ${"receivedAt"},
          ${"receivedAt"}
        WHERE EXISTS (SELECT 1 FROM "Session" WHERE "shop" = ${"shop"})
        ${KEEP_FIRST_OF_DUPLICATES}`;
