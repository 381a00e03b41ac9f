-- CreateTable
CREATE TABLE "OrderRules" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "noPhoneAction" TEXT NOT NULL DEFAULT 'send',
    "phoneCountry" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OrderFlag" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "OrderFlag_shop_kind_createdAt_idx" ON "OrderFlag"("shop", "kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OrderFlag_deliveryId_kind_key" ON "OrderFlag"("deliveryId", "kind");

