-- CreateTable
CREATE TABLE "OrderTagPolicy" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "replaceOutcomeTag" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL
);

