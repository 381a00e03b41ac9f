-- migrate:up
-- CreateTable
CREATE TABLE "StockSyncSettings" (
    "shop" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "locationId" TEXT,
    "locationName" TEXT,
    "priceRuleOn" BOOLEAN NOT NULL DEFAULT false,
    "marginBps" INTEGER NOT NULL DEFAULT 10000,
    "fixedAmount" INTEGER NOT NULL DEFAULT 0,
    "rounding" TEXT NOT NULL DEFAULT 'nearest_100',
    "setCompareAt" BOOLEAN NOT NULL DEFAULT false,
    "pricePreviewAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StockSyncSettings_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "StockSyncLease" (
    "shop" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StockSyncLease_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "StockSyncRun" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "associationId" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'running',
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "products" INTEGER NOT NULL DEFAULT 0,
    "changes" INTEGER NOT NULL DEFAULT 0,
    "supplierCalls" INTEGER NOT NULL DEFAULT 0,
    "platformCost" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "StockSyncRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockSyncProduct" (
    "associationId" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "lastAttemptAt" TIMESTAMP(3) NOT NULL,
    "lastSuccessAt" TIMESTAMP(3),
    "status" TEXT NOT NULL,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "supplierOutOfStock" BOOLEAN NOT NULL DEFAULT false,
    "unmappedVariants" TEXT NOT NULL DEFAULT '[]',

    CONSTRAINT "StockSyncProduct_pkey" PRIMARY KEY ("associationId")
);

-- CreateTable
CREATE TABLE "StockSyncChange" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "associationId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "platformVariantId" TEXT NOT NULL,
    "variantTitle" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "before" TEXT,
    "after" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockSyncChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StockSyncRun_shop_startedAt_idx" ON "StockSyncRun"("shop", "startedAt");

-- CreateIndex
CREATE INDEX "StockSyncProduct_shop_supplierOutOfStock_idx" ON "StockSyncProduct"("shop", "supplierOutOfStock");

-- CreateIndex
CREATE INDEX "StockSyncChange_shop_associationId_at_idx" ON "StockSyncChange"("shop", "associationId", "at");

-- CreateIndex
CREATE INDEX "StockSyncChange_at_idx" ON "StockSyncChange"("at");

-- migrate:down
