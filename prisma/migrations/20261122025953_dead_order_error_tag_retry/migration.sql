-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Delivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "resourceId" TEXT,
    "orderId" TEXT,
    "orderName" TEXT,
    "customerId" TEXT,
    "checkoutToken" TEXT,
    "cartToken" TEXT,
    "flowId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "lastError" TEXT,
    "payload" TEXT,
    "payloadPurgedAt" DATETIME,
    "attemptLog" TEXT NOT NULL DEFAULT '[]',
    "deliveredAt" DATETIME,
    "callbackStatus" TEXT,
    "callbackAt" DATETIME,
    "tagsApplied" TEXT NOT NULL DEFAULT '[]',
    "errorTagDueAt" DATETIME,
    "errorTagTries" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Delivery" ("attemptLog", "attempts", "callbackAt", "callbackStatus", "cartToken", "checkoutToken", "createdAt", "customerId", "deliveredAt", "eventId", "flowId", "id", "lastError", "leaseExpiresAt", "leaseOwner", "nextAttemptAt", "orderId", "orderName", "payload", "payloadPurgedAt", "resourceId", "shop", "status", "tagsApplied", "topic", "updatedAt") SELECT "attemptLog", "attempts", "callbackAt", "callbackStatus", "cartToken", "checkoutToken", "createdAt", "customerId", "deliveredAt", "eventId", "flowId", "id", "lastError", "leaseExpiresAt", "leaseOwner", "nextAttemptAt", "orderId", "orderName", "payload", "payloadPurgedAt", "resourceId", "shop", "status", "tagsApplied", "topic", "updatedAt" FROM "Delivery";
DROP TABLE "Delivery";
ALTER TABLE "new_Delivery" RENAME TO "Delivery";
CREATE INDEX "Delivery_status_nextAttemptAt_idx" ON "Delivery"("status", "nextAttemptAt");
CREATE INDEX "Delivery_status_leaseExpiresAt_idx" ON "Delivery"("status", "leaseExpiresAt");
CREATE INDEX "Delivery_shop_createdAt_idx" ON "Delivery"("shop", "createdAt");
CREATE INDEX "Delivery_shop_orderId_idx" ON "Delivery"("shop", "orderId");
CREATE INDEX "Delivery_shop_orderName_idx" ON "Delivery"("shop", "orderName");
CREATE INDEX "Delivery_shop_checkoutToken_idx" ON "Delivery"("shop", "checkoutToken");
CREATE INDEX "Delivery_shop_cartToken_idx" ON "Delivery"("shop", "cartToken");
CREATE INDEX "Delivery_errorTagDueAt_idx" ON "Delivery"("errorTagDueAt");
CREATE UNIQUE INDEX "Delivery_shop_eventId_key" ON "Delivery"("shop", "eventId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

