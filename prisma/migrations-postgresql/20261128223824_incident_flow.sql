-- migrate:up
-- AlterTable
ALTER TABLE "SupplierStatusEvent" ADD COLUMN     "notes" TEXT;

-- CreateTable
CREATE TABLE "IncidentFlowSettings" (
    "shop" TEXT NOT NULL,
    "flowId" TEXT,
    "stuckTrigger" BOOLEAN NOT NULL DEFAULT false,
    "tagPrefix" TEXT NOT NULL DEFAULT 'automation-novedad-',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IncidentFlowSettings_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "IncidentAnswer" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT,
    "supplierOrderId" TEXT,
    "answer" TEXT NOT NULL,
    "newDate" TEXT,
    "newAddress" TEXT,
    "answeredAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IncidentAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "IncidentAnswer_deliveryId_key" ON "IncidentAnswer"("deliveryId");

-- CreateIndex
CREATE INDEX "IncidentAnswer_shop_answeredAt_idx" ON "IncidentAnswer"("shop", "answeredAt");

-- CreateIndex
CREATE INDEX "IncidentAnswer_shop_answer_idx" ON "IncidentAnswer"("shop", "answer");

-- CreateIndex
CREATE INDEX "IncidentAnswer_shop_orderId_idx" ON "IncidentAnswer"("shop", "orderId");

-- migrate:down
