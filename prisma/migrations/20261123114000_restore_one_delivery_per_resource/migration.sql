-- The error-tag migration (20261123101827) redefined "Delivery" to drop two columns, from a schema written before
-- the one-delivery-per-order index (20261123101321) existed, so SQLite's table copy left that index behind.
-- Rows that repeat an order cannot have arrived in between: the previous migration had already made them one.
CREATE UNIQUE INDEX IF NOT EXISTS "Delivery_topic_resourceId_key" ON "Delivery"("topic", "resourceId");
