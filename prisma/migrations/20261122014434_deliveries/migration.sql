-- CreateTable
CREATE TABLE "Delivery" (
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

-- CreateIndex
CREATE INDEX "Delivery_status_nextAttemptAt_idx" ON "Delivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Delivery_status_leaseExpiresAt_idx" ON "Delivery"("status", "leaseExpiresAt");

-- CreateIndex
CREATE INDEX "Delivery_shop_createdAt_idx" ON "Delivery"("shop", "createdAt");

-- CreateIndex
CREATE INDEX "Delivery_shop_orderId_idx" ON "Delivery"("shop", "orderId");

-- CreateIndex
CREATE INDEX "Delivery_shop_orderName_idx" ON "Delivery"("shop", "orderName");

-- CreateIndex
CREATE INDEX "Delivery_shop_checkoutToken_idx" ON "Delivery"("shop", "checkoutToken");

-- CreateIndex
CREATE INDEX "Delivery_shop_cartToken_idx" ON "Delivery"("shop", "cartToken");

-- CreateIndex
CREATE UNIQUE INDEX "Delivery_shop_eventId_key" ON "Delivery"("shop", "eventId");

