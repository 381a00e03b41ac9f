-- migrate:up
-- AlterTable
ALTER TABLE "SupplierJourneySettings" ADD COLUMN     "carrierPace" TEXT NOT NULL DEFAULT '{}';

-- CreateIndex
CREATE INDEX "SupplierOrder_shop_openIncident_idx" ON "SupplierOrder"("shop", "openIncident");

-- migrate:down
