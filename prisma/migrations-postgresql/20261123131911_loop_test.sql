-- migrate:up
-- DropIndex
DROP INDEX "Delivery_insights_idx";

-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN     "test" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "LoopTest" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "orderId" TEXT,
    "orderName" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "callbackAt" TIMESTAMP(3),
    "tagProblem" TEXT,
    "outcome" TEXT NOT NULL DEFAULT 'running',
    "failedStep" TEXT,
    "problem" TEXT,
    "result" TEXT,
    "finishedAt" TIMESTAMP(3),
    "cleanup" TEXT,
    "cleanupProblem" TEXT,

    CONSTRAINT "LoopTest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LoopTest_shop_startedAt_idx" ON "LoopTest"("shop", "startedAt");

-- CreateIndex
CREATE INDEX "LoopTest_shop_orderId_idx" ON "LoopTest"("shop", "orderId");

-- CreateIndex
CREATE INDEX "Delivery_insights_idx" ON "Delivery"("shop", "createdAt", "status", "topic", "flowId", "deliveredAt", "callbackStatus", "test");

-- migrate:down
