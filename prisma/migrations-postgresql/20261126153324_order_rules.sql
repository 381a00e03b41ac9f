-- migrate:up
-- CreateTable
CREATE TABLE "OrderRules" (
    "shop" TEXT NOT NULL,
    "noPhoneAction" TEXT NOT NULL DEFAULT 'send',
    "phoneCountry" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderRules_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "OrderFlag" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderFlag_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OrderFlag_shop_kind_createdAt_idx" ON "OrderFlag"("shop", "kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OrderFlag_deliveryId_kind_key" ON "OrderFlag"("deliveryId", "kind");

-- migrate:down
