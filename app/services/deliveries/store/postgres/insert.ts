import { INSERTED_COLUMNS, KEEP_FIRST_OF_DUPLICATES } from "../rules";
import { statement } from "../../../../lib/statement.server";
import type { DeliveryRow } from "../types";

/**
 * The receiver's insert, only while the shop has a session (installed; see outbox.server.ts). The check locks the
 * session rows it reads (`FOR SHARE`), so an uninstall deleting them waits for this insert to commit and then
 * deletes its row too, and an insert behind an uninstall in flight waits for it and sees no session. PostgreSQL
 * types a SELECT's parameters as text unless cast: the dates and the boolean are.
 */
export const insertDelivery = statement<DeliveryRow>`
        INSERT INTO "Delivery" (${INSERTED_COLUMNS})
        SELECT ${"id"}, ${"shop"}, ${"topic"}, ${"eventId"}, ${"resourceId"}, ${"orderId"}, ${"orderName"},
          ${"customerId"}, ${"checkoutToken"}, ${"cartToken"}, ${"status"}, ${"lastError"}, ${"lastErrorCode"},
          ${"lastErrorParams"}, 0, CAST(${"nextAttemptAt"} AS TIMESTAMP(3)), ${"payload"}, ${"buyer"}, '[]', '[]',
          CAST(${"test"} AS BOOLEAN), ${"searchKey"}, CAST(${"receivedAt"} AS TIMESTAMP(3)), CAST(${"receivedAt"} AS TIMESTAMP(3))
        WHERE EXISTS (SELECT 1 FROM "Session" WHERE "shop" = ${"shop"} FOR SHARE)
        ${KEEP_FIRST_OF_DUPLICATES}`;
