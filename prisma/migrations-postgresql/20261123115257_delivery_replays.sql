-- migrate:up
-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN     "replays" INTEGER NOT NULL DEFAULT 0;

-- migrate:down
