-- A column added in place: the outbox table is the largest, and copying it (Prisma's table redefinition) would
-- hold the write lock for as long as the copy takes.
ALTER TABLE "Delivery" ADD COLUMN "replays" INTEGER NOT NULL DEFAULT 0;
