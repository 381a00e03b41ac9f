-- migrate:up
-- CreateTable
CREATE TABLE "OrderTagPolicy" (
    "shop" TEXT NOT NULL,
    "replaceOutcomeTag" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderTagPolicy_pkey" PRIMARY KEY ("shop")
);

-- migrate:down
