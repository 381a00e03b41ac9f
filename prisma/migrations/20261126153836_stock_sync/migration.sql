-- CreateTable
CREATE TABLE "StockSyncSettings" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "locationId" TEXT,
    "locationName" TEXT,
    "priceRuleOn" BOOLEAN NOT NULL DEFAULT false,
    "marginBps" INTEGER NOT NULL DEFAULT 10000,
    "fixedAmount" INTEGER NOT NULL DEFAULT 0,
    "rounding" TEXT NOT NULL DEFAULT 'nearest_100',
    "setCompareAt" BOOLEAN NOT NULL DEFAULT false,
    "pricePreviewAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "StockSyncLease" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "StockSyncRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "associationId" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "status" TEXT NOT NULL DEFAULT 'running',
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "products" INTEGER NOT NULL DEFAULT 0,
    "changes" INTEGER NOT NULL DEFAULT 0,
    "supplierCalls" INTEGER NOT NULL DEFAULT 0,
    "platformCost" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "StockSyncProduct" (
    "associationId" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "lastAttemptAt" DATETIME NOT NULL,
    "lastSuccessAt" DATETIME,
    "status" TEXT NOT NULL,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "supplierOutOfStock" BOOLEAN NOT NULL DEFAULT false,
    "unmappedVariants" TEXT NOT NULL DEFAULT '[]'
);

-- CreateTable
CREATE TABLE "StockSyncChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "associationId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "platformVariantId" TEXT NOT NULL,
    "variantTitle" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "before" TEXT,
    "after" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "StockSyncRun_shop_startedAt_idx" ON "StockSyncRun"("shop", "startedAt");

-- CreateIndex
CREATE INDEX "StockSyncProduct_shop_supplierOutOfStock_idx" ON "StockSyncProduct"("shop", "supplierOutOfStock");

-- CreateIndex
CREATE INDEX "StockSyncChange_shop_associationId_at_idx" ON "StockSyncChange"("shop", "associationId", "at");

-- CreateIndex
CREATE INDEX "StockSyncChange_at_idx" ON "StockSyncChange"("at");

