-- CreateTable
CREATE TABLE "ShopInstallation" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Shops installed before this table: the earliest record the app kept of them stands for the install time.
INSERT INTO "ShopInstallation" ("shop", "installedAt")
SELECT "shop", MIN("createdAt") FROM (
  SELECT "shop", "createdAt" FROM "ShopConfiguration"
  UNION ALL SELECT "shop", "createdAt" FROM "Delivery"
) GROUP BY "shop";
