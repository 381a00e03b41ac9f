-- migrate:up
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

    CONSTRAINT "InsightCount_pkey" PRIMARY KEY ("shop","bucket","status","topic","flowId","callback","delivered")
);

-- CreateTable
CREATE TABLE "InsightCountChange" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "flowId" TEXT NOT NULL,
    "callback" TEXT NOT NULL,
    "delivered" BOOLEAN NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "InsightCountChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InsightCountChange_shop_bucket_idx" ON "InsightCountChange"("shop", "bucket");

-- The counts of the deliveries already stored (docs/decisions/201).
INSERT INTO "InsightCount" ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n")
SELECT "Delivery"."shop", CAST(floor(extract(epoch FROM "Delivery"."createdAt") / 900) AS INTEGER), "Delivery"."status", "Delivery"."topic", COALESCE("Delivery"."flowId", ''),
  CASE WHEN "Delivery"."callbackStatus" IN ('success', 'completed') THEN 'confirmed' WHEN "Delivery"."callbackStatus" IN ('error', 'failed') THEN 'failed' ELSE '' END,
  "Delivery"."deliveredAt" IS NOT NULL, COUNT(*)
FROM "Delivery" WHERE (NOT "Delivery"."test" AND ("Delivery"."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR "Delivery"."deliveredAt" IS NOT NULL))
GROUP BY 1, 2, 3, 4, 5, 6, 7;

-- Every change of a counted delivery, appended in the transaction that makes it: the counts cannot drift. Appends
-- only (no shared counter row is updated on the order path), so concurrent workers never wait on each other here.
CREATE FUNCTION "delivery_insight_change"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF (NOT OLD."test" AND (OLD."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR OLD."deliveredAt" IS NOT NULL)) THEN
      INSERT INTO "InsightCountChange" ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n") VALUES (OLD."shop", CAST(floor(extract(epoch FROM OLD."createdAt") / 900) AS INTEGER), OLD."status", OLD."topic", COALESCE(OLD."flowId", ''),
      CASE WHEN OLD."callbackStatus" IN ('success', 'completed') THEN 'confirmed' WHEN OLD."callbackStatus" IN ('error', 'failed') THEN 'failed' ELSE '' END,
      OLD."deliveredAt" IS NOT NULL, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF (NOT NEW."test" AND (NEW."status" IN ('delivered', 'retrying', 'dead', 'flow_failed') OR NEW."deliveredAt" IS NOT NULL)) THEN
      INSERT INTO "InsightCountChange" ("shop", "bucket", "status", "topic", "flowId", "callback", "delivered", "n") VALUES (NEW."shop", CAST(floor(extract(epoch FROM NEW."createdAt") / 900) AS INTEGER), NEW."status", NEW."topic", COALESCE(NEW."flowId", ''),
      CASE WHEN NEW."callbackStatus" IN ('success', 'completed') THEN 'confirmed' WHEN NEW."callbackStatus" IN ('error', 'failed') THEN 'failed' ELSE '' END,
      NEW."deliveredAt" IS NOT NULL, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER "Delivery_insight_insert_delete" AFTER INSERT OR DELETE ON "Delivery"
FOR EACH ROW EXECUTE FUNCTION "delivery_insight_change"();

CREATE TRIGGER "Delivery_insight_update" AFTER UPDATE ON "Delivery"
FOR EACH ROW WHEN (OLD."shop" IS DISTINCT FROM NEW."shop" OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt" OR OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."topic" IS DISTINCT FROM NEW."topic" OR OLD."flowId" IS DISTINCT FROM NEW."flowId" OR OLD."callbackStatus" IS DISTINCT FROM NEW."callbackStatus"
  OR (OLD."deliveredAt" IS NULL) IS DISTINCT FROM (NEW."deliveredAt" IS NULL) OR OLD."test" IS DISTINCT FROM NEW."test")
EXECUTE FUNCTION "delivery_insight_change"();

-- migrate:down
DROP TRIGGER IF EXISTS "Delivery_insight_update" ON "Delivery";
DROP TRIGGER IF EXISTS "Delivery_insight_insert_delete" ON "Delivery";
DROP FUNCTION IF EXISTS "delivery_insight_change"();

