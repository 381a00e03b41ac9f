-- CreateIndex
CREATE INDEX "Delivery_shop_status_idx" ON "Delivery"("shop", "status");

