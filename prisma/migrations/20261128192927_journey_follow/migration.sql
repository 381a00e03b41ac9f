-- CreateTable
CREATE TABLE "JourneyStep" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "supplierOrderId" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "happenedAt" DATETIME,
    "status" TEXT NOT NULL DEFAULT 'owed',
    "platformRef" TEXT,
    "note" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT,
    "doneAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SupplierJourneySettings" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "receiverTokenHash" TEXT,
    "receiverTokenHint" TEXT,
    "receiverCreatedAt" DATETIME,
    "statusMap" TEXT NOT NULL DEFAULT '{}',
    "carrierPace" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL,
    "notifyBuyerOnShipment" BOOLEAN NOT NULL DEFAULT false,
    "markPaidOnDelivery" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_SupplierJourneySettings" ("carrierPace", "receiverCreatedAt", "receiverTokenHash", "receiverTokenHint", "shop", "statusMap", "updatedAt") SELECT "carrierPace", "receiverCreatedAt", "receiverTokenHash", "receiverTokenHint", "shop", "statusMap", "updatedAt" FROM "SupplierJourneySettings";
DROP TABLE "SupplierJourneySettings";
ALTER TABLE "new_SupplierJourneySettings" RENAME TO "SupplierJourneySettings";
CREATE UNIQUE INDEX "SupplierJourneySettings_receiverTokenHash_key" ON "SupplierJourneySettings"("receiverTokenHash");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "JourneyStep_shop_orderId_idx" ON "JourneyStep"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "JourneyStep_shop_supplierOrderId_step_key" ON "JourneyStep"("shop", "supplierOrderId", "step");

