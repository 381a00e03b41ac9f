-- CreateTable
CREATE TABLE "OrderFingerprint" (
    "deliveryId" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "orderName" TEXT,
    "createdAt" DATETIME NOT NULL
);

-- AlterTable
ALTER TABLE "OrderRules" ADD COLUMN "duplicateWindowMinutes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "OrderRules" ADD COLUMN "duplicateAction" TEXT NOT NULL DEFAULT 'send';

-- CreateIndex
CREATE INDEX "OrderFingerprint_shop_fingerprint_createdAt_idx" ON "OrderFingerprint"("shop", "fingerprint", "createdAt");

