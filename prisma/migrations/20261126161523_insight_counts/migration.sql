-- CreateTable
CREATE TABLE "InsightCount" (
    "shop" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "flowId" TEXT NOT NULL,
    "callback" TEXT NOT NULL,
    "delivered" BOOLEAN NOT NULL,
    "n" INTEGER NOT NULL,

    PRIMARY KEY ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered")
);

-- CreateTable
CREATE TABLE "InsightCountChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "flowId" TEXT NOT NULL,
    "callback" TEXT NOT NULL,
    "delivered" BOOLEAN NOT NULL,
    "n" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "InsightCountChange_shop_bucket_idx" ON "InsightCountChange"("shop", "bucket");


-- The counts of the deliveries already stored (docs/decisions/201).
INSERT INTO "InsightCount" ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n")
SELECT "Delivery"."shop", CAST(strftime('%s', "Delivery"."createdAt") AS INTEGER) / 900, "Delivery"."status", "Delivery"."topic", COALESCE("Delivery"."flowId", ''),
  CASE WHEN "Delivery"."callbackStatus" IN ('success', 'completed') THEN 'confirmed' WHEN "Delivery"."callbackStatus" IN ('error', 'failed') THEN 'failed' ELSE '' END,
  "Delivery"."deliveredAt" IS NOT NULL, COUNT(*)
FROM "Delivery" WHERE (NOT "Delivery"."test" AND ("Delivery"."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR "Delivery"."deliveredAt" IS NOT NULL))
GROUP BY 1, 2, 3, 4, 5, 6, 7;

-- Every change of a counted delivery, appended in the transaction that makes it: the counts cannot drift.
CREATE TRIGGER "Delivery_insight_insert" AFTER INSERT ON "Delivery" WHEN (NOT NEW."test" AND (NEW."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR NEW."deliveredAt" IS NOT NULL))
BEGIN
  INSERT INTO "InsightCountChange" ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n") VALUES (NEW."shop", CAST(strftime('%s', NEW."createdAt") AS INTEGER) / 900, NEW."status", NEW."topic", COALESCE(NEW."flowId", ''),
    CASE WHEN NEW."callbackStatus" IN ('success', 'completed') THEN 'confirmed' WHEN NEW."callbackStatus" IN ('error', 'failed') THEN 'failed' ELSE '' END,
    NEW."deliveredAt" IS NOT NULL, 1);
END;

CREATE TRIGGER "Delivery_insight_delete" AFTER DELETE ON "Delivery" WHEN (NOT OLD."test" AND (OLD."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR OLD."deliveredAt" IS NOT NULL))
BEGIN
  INSERT INTO "InsightCountChange" ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n") VALUES (OLD."shop", CAST(strftime('%s', OLD."createdAt") AS INTEGER) / 900, OLD."status", OLD."topic", COALESCE(OLD."flowId", ''),
    CASE WHEN OLD."callbackStatus" IN ('success', 'completed') THEN 'confirmed' WHEN OLD."callbackStatus" IN ('error', 'failed') THEN 'failed' ELSE '' END,
    OLD."deliveredAt" IS NOT NULL, -1);
END;

CREATE TRIGGER "Delivery_insight_update" AFTER UPDATE ON "Delivery"
WHEN ((NOT OLD."test" AND (OLD."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR OLD."deliveredAt" IS NOT NULL)) OR (NOT NEW."test" AND (NEW."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR NEW."deliveredAt" IS NOT NULL))) AND (OLD."shop" IS NOT NEW."shop" OR OLD."createdAt" IS NOT NEW."createdAt" OR OLD."status" IS NOT NEW."status"
  OR OLD."topic" IS NOT NEW."topic" OR OLD."flowId" IS NOT NEW."flowId" OR OLD."callbackStatus" IS NOT NEW."callbackStatus"
  OR (OLD."deliveredAt" IS NULL) IS NOT (NEW."deliveredAt" IS NULL) OR OLD."test" IS NOT NEW."test")
BEGIN
  INSERT INTO "InsightCountChange" ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n") SELECT OLD."shop", CAST(strftime('%s', OLD."createdAt") AS INTEGER) / 900, OLD."status", OLD."topic", COALESCE(OLD."flowId", ''),
    CASE WHEN OLD."callbackStatus" IN ('success', 'completed') THEN 'confirmed' WHEN OLD."callbackStatus" IN ('error', 'failed') THEN 'failed' ELSE '' END,
    OLD."deliveredAt" IS NOT NULL, -1 WHERE (NOT OLD."test" AND (OLD."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR OLD."deliveredAt" IS NOT NULL));
  INSERT INTO "InsightCountChange" ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n") SELECT NEW."shop", CAST(strftime('%s', NEW."createdAt") AS INTEGER) / 900, NEW."status", NEW."topic", COALESCE(NEW."flowId", ''),
    CASE WHEN NEW."callbackStatus" IN ('success', 'completed') THEN 'confirmed' WHEN NEW."callbackStatus" IN ('error', 'failed') THEN 'failed' ELSE '' END,
    NEW."deliveredAt" IS NOT NULL, 1 WHERE (NOT NEW."test" AND (NEW."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR NEW."deliveredAt" IS NOT NULL));
END;
