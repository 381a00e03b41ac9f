-- migrate:up
-- AlterTable
ALTER TABLE "SupplierJourneySettings" ADD COLUMN     "followInStore" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "pollCalls" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "pollPauseReason" TEXT,
ADD COLUMN     "pollPausedUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "SupplierOrder" ADD COLUMN     "lastPolledAt" TIMESTAMP(3),
ADD COLUMN     "nextPollAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "SupplierOrder_nextPollAt_idx" ON "SupplierOrder"("nextPollAt");

-- migrate:down
