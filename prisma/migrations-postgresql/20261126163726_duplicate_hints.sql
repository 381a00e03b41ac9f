-- migrate:up
-- AlterTable
ALTER TABLE "OrderRules" ADD COLUMN     "duplicateAction" TEXT NOT NULL DEFAULT 'send',
ADD COLUMN     "duplicateWindowMinutes" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "OrderFingerprint" (
    "deliveryId" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "orderName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderFingerprint_pkey" PRIMARY KEY ("deliveryId")
);

-- CreateIndex
CREATE INDEX "OrderFingerprint_shop_fingerprint_createdAt_idx" ON "OrderFingerprint"("shop", "fingerprint", "createdAt");

-- migrate:down
