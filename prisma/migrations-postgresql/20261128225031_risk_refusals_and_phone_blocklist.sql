-- migrate:up
-- CreateTable
CREATE TABLE "OrderRiskAssessmentRefusal" (
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "refusedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderRiskAssessmentRefusal_pkey" PRIMARY KEY ("shop","orderId")
);

-- CreateTable
CREATE TABLE "BlockedPhone" (
    "shop" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BlockedPhone_pkey" PRIMARY KEY ("shop","phone")
);

-- CreateTable
CREATE TABLE "BlockedPhoneRule" (
    "shop" TEXT NOT NULL,
    "action" TEXT NOT NULL DEFAULT 'hold',

    CONSTRAINT "BlockedPhoneRule_pkey" PRIMARY KEY ("shop")
);

-- migrate:down
