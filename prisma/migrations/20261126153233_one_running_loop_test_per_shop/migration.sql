-- AlterTable
ALTER TABLE "LoopTest" ADD COLUMN "runningShop" TEXT;

-- A test running at the upgrade keeps its shop: the newest running test of each shop holds it.
UPDATE "LoopTest" SET "runningShop" = "shop"
WHERE "finishedAt" IS NULL
  AND "id" = (
    SELECT "newest"."id" FROM "LoopTest" AS "newest"
    WHERE "newest"."shop" = "LoopTest"."shop" AND "newest"."finishedAt" IS NULL
    ORDER BY "newest"."startedAt" DESC, "newest"."id" DESC
    LIMIT 1
  );

-- CreateIndex
CREATE UNIQUE INDEX "LoopTest_runningShop_key" ON "LoopTest"("runningShop");

