-- migrate:up
-- CreateTable
CREATE TABLE "AutomationPause" (
    "shop" TEXT NOT NULL,
    "pausedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutomationPause_pkey" PRIMARY KEY ("shop")
);

-- CreateIndex
CREATE INDEX "Delivery_insights_idx" ON "Delivery"("shop", "createdAt", "status", "topic", "flowId", "deliveredAt", "callbackStatus");

-- migrate:down
