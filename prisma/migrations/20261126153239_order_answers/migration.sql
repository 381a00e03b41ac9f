-- CreateTable
CREATE TABLE "AnswerRuleSet" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "rules" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OrderAnswer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT,
    "deliveryId" TEXT,
    "flowId" TEXT,
    "answer" TEXT NOT NULL,
    "answeredAt" DATETIME NOT NULL,
    "waitingSince" DATETIME,
    "source" TEXT NOT NULL DEFAULT 'callback',
    "callbackStatus" TEXT,
    "callbackTags" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "OrderAnswer_shop_answeredAt_idx" ON "OrderAnswer"("shop", "answeredAt");

-- CreateIndex
CREATE UNIQUE INDEX "OrderAnswer_shop_orderId_key" ON "OrderAnswer"("shop", "orderId");

