-- CreateTable
CREATE TABLE "FlowTriggerEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "eventKey" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'owed',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "FlowActionRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "actionRunId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "claimedAt" DATETIME NOT NULL,
    "answerStatus" INTEGER,
    "answerBody" TEXT,
    "finishedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "FlowTriggerEvent_shop_orderId_idx" ON "FlowTriggerEvent"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "FlowTriggerEvent_shop_eventKey_key" ON "FlowTriggerEvent"("shop", "eventKey");

-- CreateIndex
CREATE UNIQUE INDEX "FlowActionRun_shop_actionRunId_key" ON "FlowActionRun"("shop", "actionRunId");

