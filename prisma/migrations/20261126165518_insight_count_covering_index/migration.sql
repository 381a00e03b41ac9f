-- CreateIndex
CREATE INDEX "InsightCount_covering_idx" ON "InsightCount"("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n");

