-- migrate:up
-- CreateTable
CREATE TABLE "FlowTriggerEvent" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "eventKey" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'owed',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowTriggerEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowActionRun" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "actionRunId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "claimedAt" TIMESTAMP(3) NOT NULL,
    "answerStatus" INTEGER,
    "answerBody" TEXT,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "FlowActionRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FlowTriggerEvent_shop_orderId_idx" ON "FlowTriggerEvent"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "FlowTriggerEvent_shop_eventKey_key" ON "FlowTriggerEvent"("shop", "eventKey");

-- CreateIndex
CREATE UNIQUE INDEX "FlowActionRun_shop_actionRunId_key" ON "FlowActionRun"("shop", "actionRunId");

-- migrate:down
