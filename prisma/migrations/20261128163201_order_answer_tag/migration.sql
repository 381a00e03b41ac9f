-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OrderTagPolicy" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "replaceOutcomeTag" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL,
    "answerTag" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_OrderTagPolicy" ("replaceOutcomeTag", "shop", "updatedAt") SELECT "replaceOutcomeTag", "shop", "updatedAt" FROM "OrderTagPolicy";
DROP TABLE "OrderTagPolicy";
ALTER TABLE "new_OrderTagPolicy" RENAME TO "OrderTagPolicy";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

