-- CreateTable
CREATE TABLE "ErrorTagTask" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deliveryId" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'owed',
    "dueAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ErrorTagTask_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "Delivery" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PeriodicJob" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "lastRunAt" DATETIME,
    "holder" TEXT
);

-- Data: each error tag still owed (or given up) becomes a task; the note once appended to lastError goes.
INSERT INTO "ErrorTagTask" ("id", "deliveryId", "shop", "orderId", "status", "dueAt", "attempts", "lastProblem",
  "createdAt", "updatedAt")
SELECT lower(hex(randomblob(16))), "id", "shop", "orderId", CASE WHEN "errorTagDueAt" IS NULL THEN 'given_up' ELSE 'owed' END,
  "errorTagDueAt", "errorTagTries",
  replace(replace(substr("lastError", instr("lastError", ' (the automation-error tag could not be added: ') + 47),
    '; will retry)', ''), '; not retried)', ''), "updatedAt", "updatedAt"
FROM "Delivery"
WHERE "status" = 'dead' AND "orderId" IS NOT NULL AND "errorTagTries" > 0
  AND instr("lastError", ' (the automation-error tag could not be added: ') > 0;
UPDATE "Delivery" SET "lastError" = substr("lastError", 1, instr("lastError", ' (the automation-error tag could not be added: ') - 1)
WHERE instr("lastError", ' (the automation-error tag could not be added: ') > 0;

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
CREATE UNIQUE INDEX "Delivery_shop_eventId_key" ON "Delivery"("shop", "eventId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "ErrorTagTask_deliveryId_key" ON "ErrorTagTask"("deliveryId");

-- CreateIndex
CREATE INDEX "ErrorTagTask_status_dueAt_idx" ON "ErrorTagTask"("status", "dueAt");

-- CreateIndex
CREATE INDEX "ErrorTagTask_shop_idx" ON "ErrorTagTask"("shop");

