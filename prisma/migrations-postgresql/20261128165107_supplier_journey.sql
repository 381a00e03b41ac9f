-- migrate:up
-- CreateTable
CREATE TABLE "SupplierJourneySettings" (
    "shop" TEXT NOT NULL,
    "receiverTokenHash" TEXT,
    "receiverTokenHint" TEXT,
    "receiverCreatedAt" TIMESTAMP(3),
    "statusMap" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SupplierJourneySettings_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "SupplierOrder" (
    "id" TEXT NOT NULL,
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
    "stageSince" TIMESTAMP(3),
    "openIncident" TEXT,
    "incidentSince" TIMESTAMP(3),
    "eventCount" INTEGER NOT NULL DEFAULT 0,
    "lastEventAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SupplierOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupplierStatusEvent" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "supplierOrderId" TEXT NOT NULL,
    "rawStatus" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "reportedAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,
    "guide" TEXT,
    "carrier" TEXT,
    "shopOrderRef" TEXT,
    "total" TEXT,
    "buyerPhone" TEXT,
    "appliedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SupplierStatusEvent_pkey" PRIMARY KEY ("id")
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

-- migrate:down
