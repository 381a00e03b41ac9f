-- migrate:up
-- AlterTable
ALTER TABLE "SupplierJourneySettings" ADD COLUMN     "markPaidOnDelivery" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "notifyBuyerOnShipment" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "JourneyStep" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "supplierOrderId" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "happenedAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'owed',
    "platformRef" TEXT,
    "note" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT,
    "doneAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JourneyStep_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JourneyStep_shop_orderId_idx" ON "JourneyStep"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "JourneyStep_shop_supplierOrderId_step_key" ON "JourneyStep"("shop", "supplierOrderId", "step");

-- migrate:down
