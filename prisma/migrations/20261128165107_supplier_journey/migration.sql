-- CreateTable
CREATE TABLE "SupplierJourneySettings" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "receiverTokenHash" TEXT,
    "receiverTokenHint" TEXT,
    "receiverCreatedAt" DATETIME,
    "statusMap" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SupplierOrder" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "supplierOrderId" TEXT NOT NULL,
    "orderId" TEXT,
    "orderName" TEXT,
    "matchedBy" TEXT,
    "shopOrderRef" TEXT,
    "guide" TEXT,
    "carrier" TEXT,
    "rawStatus" TEXT,
    "stage" TEXT NOT NULL DEFAULT 'unknown',
    "stageSince" DATETIME,
    "openIncident" TEXT,
    "incidentSince" DATETIME,
    "eventCount" INTEGER NOT NULL DEFAULT 0,
    "lastEventAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SupplierStatusEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "supplierOrderId" TEXT NOT NULL,
    "rawStatus" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "reportedAt" DATETIME,
    "receivedAt" DATETIME NOT NULL,
    "source" TEXT NOT NULL,
    "guide" TEXT,
    "carrier" TEXT,
    "shopOrderRef" TEXT,
    "total" TEXT,
    "buyerPhone" TEXT,
    "appliedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "SupplierJourneySettings_receiverTokenHash_key" ON "SupplierJourneySettings"("receiverTokenHash");

-- CreateIndex
CREATE INDEX "SupplierOrder_shop_orderId_idx" ON "SupplierOrder"("shop", "orderId");

-- CreateIndex
CREATE INDEX "SupplierOrder_shop_stage_idx" ON "SupplierOrder"("shop", "stage");

-- CreateIndex
CREATE UNIQUE INDEX "SupplierOrder_shop_supplierOrderId_key" ON "SupplierOrder"("shop", "supplierOrderId");

-- CreateIndex
CREATE INDEX "SupplierStatusEvent_shop_receivedAt_idx" ON "SupplierStatusEvent"("shop", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SupplierStatusEvent_shop_supplierOrderId_dedupeKey_key" ON "SupplierStatusEvent"("shop", "supplierOrderId", "dedupeKey");

