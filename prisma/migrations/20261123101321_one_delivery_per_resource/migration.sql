-- Deliveries received before this index may repeat an order under several event ids. They keep their history;
-- only the oldest of each keeps the order id in "resourceId", the others keep it in "orderId".
UPDATE "Delivery" SET "resourceId" = NULL
WHERE "resourceId" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "Delivery" AS "earlier"
  WHERE "earlier"."topic" = "Delivery"."topic" AND "earlier"."resourceId" = "Delivery"."resourceId"
    AND ("earlier"."createdAt" < "Delivery"."createdAt"
      OR ("earlier"."createdAt" = "Delivery"."createdAt" AND "earlier"."id" < "Delivery"."id"))
);

-- CreateIndex
CREATE UNIQUE INDEX "Delivery_topic_resourceId_key" ON "Delivery"("topic", "resourceId");
