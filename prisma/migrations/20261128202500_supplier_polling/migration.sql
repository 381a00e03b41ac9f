-- AlterTable
ALTER TABLE "SupplierOrder" ADD COLUMN "lastPolledAt" DATETIME;
ALTER TABLE "SupplierOrder" ADD COLUMN "nextPollAt" DATETIME;

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
    "notifyBuyerOnShipment" BOOLEAN NOT NULL DEFAULT false,
    "markPaidOnDelivery" BOOLEAN NOT NULL DEFAULT true,
    "pollCalls" TEXT NOT NULL DEFAULT '[]',
    "pollPausedUntil" DATETIME,
    "pollPauseReason" TEXT,
    "followInStore" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_SupplierJourneySettings" ("carrierPace", "markPaidOnDelivery", "notifyBuyerOnShipment", "receiverCreatedAt", "receiverTokenHash", "receiverTokenHint", "shop", "statusMap", "updatedAt") SELECT "carrierPace", "markPaidOnDelivery", "notifyBuyerOnShipment", "receiverCreatedAt", "receiverTokenHash", "receiverTokenHint", "shop", "statusMap", "updatedAt" FROM "SupplierJourneySettings";
DROP TABLE "SupplierJourneySettings";
ALTER TABLE "new_SupplierJourneySettings" RENAME TO "SupplierJourneySettings";
CREATE UNIQUE INDEX "SupplierJourneySettings_receiverTokenHash_key" ON "SupplierJourneySettings"("receiverTokenHash");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "SupplierOrder_nextPollAt_idx" ON "SupplierOrder"("nextPollAt");

