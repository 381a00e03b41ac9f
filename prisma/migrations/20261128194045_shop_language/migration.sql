-- CreateTable
CREATE TABLE "ShopLanguage" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "locale" TEXT NOT NULL,
    "seenAt" DATETIME NOT NULL
);

