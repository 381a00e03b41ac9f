-- migrate:up
-- CreateTable
CREATE TABLE "ShopTimeZone" (
    "shop" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopTimeZone_pkey" PRIMARY KEY ("shop")
);

-- migrate:down
