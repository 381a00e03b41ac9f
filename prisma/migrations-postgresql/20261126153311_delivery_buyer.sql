-- migrate:up
-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN     "buyer" TEXT;

-- migrate:down
