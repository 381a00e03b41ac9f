-- migrate:up
-- CreateTable
CREATE TABLE "ShopLanguage" (
    "shop" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopLanguage_pkey" PRIMARY KEY ("shop")
);

-- migrate:down
