-- migrate:up
-- DropIndex
DROP INDEX "Delivery_errorTagDueAt_idx";

-- AlterTable
ALTER TABLE "Delivery" DROP COLUMN "errorTagDueAt",
DROP COLUMN "errorTagTries";

-- CreateTable
CREATE TABLE "ErrorTagTask" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'owed',
    "dueAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ErrorTagTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PeriodicJob" (
    "name" TEXT NOT NULL,
    "lastRunAt" TIMESTAMP(3),
    "holder" TEXT,

    CONSTRAINT "PeriodicJob_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "PlatformTokenLease" (
    "shop" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlatformTokenLease_pkey" PRIMARY KEY ("shop")
);

-- CreateIndex
CREATE UNIQUE INDEX "ErrorTagTask_deliveryId_key" ON "ErrorTagTask"("deliveryId");

-- CreateIndex
CREATE INDEX "ErrorTagTask_status_dueAt_idx" ON "ErrorTagTask"("status", "dueAt");

-- CreateIndex
CREATE INDEX "ErrorTagTask_shop_idx" ON "ErrorTagTask"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Delivery_topic_resourceId_key" ON "Delivery"("topic", "resourceId");

-- AddForeignKey
ALTER TABLE "ErrorTagTask" ADD CONSTRAINT "ErrorTagTask_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "Delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- migrate:down
