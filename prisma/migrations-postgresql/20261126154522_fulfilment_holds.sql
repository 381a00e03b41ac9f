-- migrate:up
-- CreateTable
CREATE TABLE "HoldSettings" (
    "shop" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "codGateways" TEXT NOT NULL DEFAULT '[]',
    "codOnly" BOOLEAN NOT NULL DEFAULT true,
    "onRefused" TEXT NOT NULL DEFAULT 'keep',
    "noAnswerHours" INTEGER,
    "onNoAnswer" TEXT NOT NULL DEFAULT 'keep',
    "notifyCustomer" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HoldSettings_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "FulfilmentTask" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "orderId" TEXT,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'owed',
    "dueAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT,
    "platformRef" TEXT,
    "doneAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FulfilmentTask_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FulfilmentTask_status_dueAt_idx" ON "FulfilmentTask"("status", "dueAt");

-- CreateIndex
CREATE INDEX "FulfilmentTask_shop_orderId_idx" ON "FulfilmentTask"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "FulfilmentTask_shop_kind_subject_key" ON "FulfilmentTask"("shop", "kind", "subject");

-- migrate:down
