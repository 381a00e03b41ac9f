-- migrate:up
-- AlterTable
ALTER TABLE "OrderRules" ADD COLUMN     "sendingHoursFrom" TEXT NOT NULL DEFAULT '08:00',
ADD COLUMN     "sendingHoursOn" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sendingHoursTo" TEXT NOT NULL DEFAULT '21:00';

-- migrate:down
