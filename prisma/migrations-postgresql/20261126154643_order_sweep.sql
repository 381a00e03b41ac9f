-- migrate:up
-- CreateTable
CREATE TABLE "OrderSweep" (
    "shop" TEXT NOT NULL,
    "watermark" TIMESTAMP(3) NOT NULL,
    "lastSweptAt" TIMESTAMP(3),
    "lastRecovered" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT,

    CONSTRAINT "OrderSweep_pkey" PRIMARY KEY ("shop")
);

-- migrate:down
