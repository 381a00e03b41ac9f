-- A plain column and a new key: no table redefinition (it would drop columns another migration adds).
ALTER TABLE "ErrorTagTask" ADD COLUMN "tag" TEXT NOT NULL DEFAULT 'automation-error';
DROP INDEX "ErrorTagTask_deliveryId_key";
CREATE UNIQUE INDEX "ErrorTagTask_deliveryId_tag_key" ON "ErrorTagTask"("deliveryId", "tag");
