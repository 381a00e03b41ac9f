-- CreateTable
CREATE TABLE "OrderRiskAssessmentRefusal" (
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "refusedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shop", "orderId")
);

-- CreateTable
CREATE TABLE "BlockedPhone" (
    "shop" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL,

    PRIMARY KEY ("shop", "phone")
);

-- CreateTable
CREATE TABLE "BlockedPhoneRule" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "action" TEXT NOT NULL DEFAULT 'hold'
);

