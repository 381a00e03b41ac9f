-- CreateTable
CREATE TABLE "OrderSweep" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "watermark" DATETIME NOT NULL,
    "lastSweptAt" DATETIME,
    "lastRecovered" INTEGER NOT NULL DEFAULT 0,
    "lastProblem" TEXT
);

