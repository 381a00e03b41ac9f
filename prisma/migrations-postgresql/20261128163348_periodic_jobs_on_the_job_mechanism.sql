-- migrate:up
-- DropTable
DROP TABLE "PeriodicJob";

-- migrate:down
