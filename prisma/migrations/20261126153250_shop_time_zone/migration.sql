-- CreateTable
CREATE TABLE "ShopTimeZone" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "timeZone" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL
);

