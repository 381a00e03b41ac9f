-- migrate:up
-- CreateTable
CREATE TABLE "ShopInstallation" (
    "shop" TEXT NOT NULL,
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopInstallation_pkey" PRIMARY KEY ("shop")
);

INSERT INTO "ShopInstallation" ("shop", "installedAt")
SELECT "shop", MIN("createdAt") FROM (
  SELECT "shop", "createdAt" FROM "ShopConfiguration"
  UNION ALL SELECT "shop", "createdAt" FROM "Delivery"
) AS "records" GROUP BY "shop";

-- migrate:down
