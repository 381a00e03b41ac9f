-- The test flag is a column added in place: the outbox table is the largest, and copying it (Prisma's table
-- redefinition) would hold the write lock for as long as the copy takes. The insights index gains the flag so
-- the insights still read the index alone (docs/decisions/151).
ALTER TABLE "Delivery" ADD COLUMN "test" BOOLEAN NOT NULL DEFAULT false;

DROP INDEX "Delivery_insights_idx";
CREATE INDEX "Delivery_insights_idx" ON "Delivery"("shop", "createdAt", "status", "topic", "flowId", "deliveredAt", "callbackStatus", "test");

-- CreateTable
CREATE TABLE "LoopTest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "orderId" TEXT,
    "orderName" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "callbackAt" DATETIME,
    "tagProblem" TEXT,
    "outcome" TEXT NOT NULL DEFAULT 'running',
    "failedStep" TEXT,
    "problem" TEXT,
    "result" TEXT,
    "finishedAt" DATETIME,
    "cleanup" TEXT,
    "cleanupProblem" TEXT
);

-- CreateIndex
CREATE INDEX "LoopTest_shop_startedAt_idx" ON "LoopTest"("shop", "startedAt");

-- CreateIndex
CREATE INDEX "LoopTest_shop_orderId_idx" ON "LoopTest"("shop", "orderId");
