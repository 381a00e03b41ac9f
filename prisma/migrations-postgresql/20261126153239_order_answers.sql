-- migrate:up
-- CreateTable
CREATE TABLE "AnswerRuleSet" (
    "shop" TEXT NOT NULL,
    "rules" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AnswerRuleSet_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "OrderAnswer" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT,
    "deliveryId" TEXT,
    "flowId" TEXT,
    "answer" TEXT NOT NULL,
    "answeredAt" TIMESTAMP(3) NOT NULL,
    "waitingSince" TIMESTAMP(3),
    "source" TEXT NOT NULL DEFAULT 'callback',
    "callbackStatus" TEXT,
    "callbackTags" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OrderAnswer_shop_answeredAt_idx" ON "OrderAnswer"("shop", "answeredAt");

-- CreateIndex
CREATE UNIQUE INDEX "OrderAnswer_shop_orderId_key" ON "OrderAnswer"("shop", "orderId");

-- migrate:down
