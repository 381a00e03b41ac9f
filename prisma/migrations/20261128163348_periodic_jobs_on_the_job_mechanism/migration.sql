-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "PeriodicJob";
PRAGMA foreign_keys=on;

