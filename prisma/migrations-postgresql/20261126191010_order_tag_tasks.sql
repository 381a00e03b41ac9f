-- migrate:up
-- DropIndex
DROP INDEX "ErrorTagTask_deliveryId_key";

-- AlterTable
ALTER TABLE "ErrorTagTask" ADD COLUMN     "tag" TEXT NOT NULL DEFAULT 'automation-error';

-- CreateIndex
CREATE UNIQUE INDEX "ErrorTagTask_deliveryId_tag_key" ON "ErrorTagTask"("deliveryId", "tag");

-- migrate:down
