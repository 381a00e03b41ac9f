-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN "buyer" TEXT;

