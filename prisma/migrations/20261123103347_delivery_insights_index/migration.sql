-- CreateIndex
CREATE INDEX "Delivery_insights_idx" ON "Delivery"("shop", "createdAt", "status", "topic", "flowId", "deliveredAt", "callbackStatus");

