-- AlterTable
ALTER TABLE "SupplierStatusEvent" ADD COLUMN "notes" TEXT;

-- CreateTable
CREATE TABLE "IncidentFlowSettings" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "flowId" TEXT,
    "stuckTrigger" BOOLEAN NOT NULL DEFAULT false,
    "tagPrefix" TEXT NOT NULL DEFAULT 'automation-novedad-',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "IncidentAnswer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT,
    "supplierOrderId" TEXT,
    "answer" TEXT NOT NULL,
    "newDate" TEXT,
    "newAddress" TEXT,
    "answeredAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "IncidentAnswer_deliveryId_key" ON "IncidentAnswer"("deliveryId");

-- CreateIndex
CREATE INDEX "IncidentAnswer_shop_answeredAt_idx" ON "IncidentAnswer"("shop", "answeredAt");

-- CreateIndex
CREATE INDEX "IncidentAnswer_shop_answer_idx" ON "IncidentAnswer"("shop", "answer");

-- CreateIndex
CREATE INDEX "IncidentAnswer_shop_orderId_idx" ON "IncidentAnswer"("shop", "orderId");

