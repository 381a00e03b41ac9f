-- AlterTable
ALTER TABLE "OrderRisk" ADD COLUMN "addressKey" TEXT;
ALTER TABLE "OrderRisk" ADD COLUMN "city" TEXT;
ALTER TABLE "OrderRisk" ADD COLUMN "productId" TEXT;

-- CreateTable
CREATE TABLE "RiskRules" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "threshold" INTEGER NOT NULL DEFAULT 70,
    "action" TEXT NOT NULL DEFAULT 'tag',
    "flowId" TEXT,
    "tagPrefix" TEXT NOT NULL DEFAULT 'return-risk',
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "OrderRisk_shop_phone_scoredAt_idx" ON "OrderRisk"("shop", "phone", "scoredAt");

-- CreateIndex
CREATE INDEX "OrderRisk_shop_addressKey_scoredAt_idx" ON "OrderRisk"("shop", "addressKey", "scoredAt");

-- CreateIndex
CREATE INDEX "OrderRisk_shop_city_scoredAt_idx" ON "OrderRisk"("shop", "city", "scoredAt");

-- CreateIndex
CREATE INDEX "OrderRisk_shop_productId_scoredAt_idx" ON "OrderRisk"("shop", "productId", "scoredAt");

