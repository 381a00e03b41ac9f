-- CreateTable
CREATE TABLE "OrderRisk" (
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT,
    "phone" TEXT,
    "score" INTEGER NOT NULL,
    "level" TEXT NOT NULL,
    "reasons" TEXT NOT NULL DEFAULT '[]',
    "scoredAt" DATETIME NOT NULL,
    "assessmentSentAt" DATETIME,

    PRIMARY KEY ("shop", "orderId")
);

-- CreateIndex
CREATE INDEX "OrderRisk_shop_scoredAt_idx" ON "OrderRisk"("shop", "scoredAt");

-- CreateIndex
CREATE INDEX "OrderRisk_shop_level_scoredAt_idx" ON "OrderRisk"("shop", "level", "scoredAt");

-- CreateIndex
CREATE INDEX "OrderRisk_shop_phone_idx" ON "OrderRisk"("shop", "phone");

