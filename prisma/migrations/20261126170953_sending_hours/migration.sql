-- Sending hours (docs/decisions/224): plain column additions, so columns other changes add stay.
ALTER TABLE "OrderRules" ADD COLUMN "sendingHoursOn" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "OrderRules" ADD COLUMN "sendingHoursFrom" TEXT NOT NULL DEFAULT '08:00';
ALTER TABLE "OrderRules" ADD COLUMN "sendingHoursTo" TEXT NOT NULL DEFAULT '21:00';
