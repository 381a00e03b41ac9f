-- CreateTable
CREATE TABLE "OrderOutcome" (
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "flowId" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "productKey" TEXT NOT NULL,
    "product" TEXT NOT NULL,
    "cityKey" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "departmentKey" TEXT NOT NULL,
    "department" TEXT NOT NULL,
    "carrierKey" TEXT NOT NULL,
    "carrier" TEXT NOT NULL,
    "parcel" TEXT NOT NULL,
    "shipped" BOOLEAN NOT NULL,
    "valueCents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "projectedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shop", "orderId")
);

-- CreateTable
CREATE TABLE "OutcomeCount" (
    "shop" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "orders" INTEGER NOT NULL,
    "confirmed" INTEGER NOT NULL,
    "shipped" INTEGER NOT NULL,
    "onTheWay" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "returned" INTEGER NOT NULL,
    "incident" INTEGER NOT NULL,
    "valueDelivered" BIGINT NOT NULL,
    "valueReturned" BIGINT NOT NULL,

    PRIMARY KEY ("shop", "dimension", "day", "key")
);

-- CreateTable
CREATE TABLE "CarrierReturnFreight" (
    "shop" TEXT NOT NULL,
    "carrierKey" TEXT NOT NULL,
    "carrier" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shop", "carrierKey")
);

-- CreateTable
CREATE TABLE "OutcomeDirty" (
    "shop" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "mark" INTEGER NOT NULL DEFAULT 1,

    PRIMARY KEY ("shop", "orderId")
);

-- CreateIndex
CREATE INDEX "OrderOutcome_shop_day_idx" ON "OrderOutcome"("shop", "day");


-- A store order's outcome changes with its delivery, its buyer's answer and its supplier order: each change marks
-- the order in the transaction that makes it, so the projection job never misses one (docs/decisions/332).
CREATE TRIGGER "Delivery_outcome_dirty_insert" AFTER INSERT ON "Delivery"
WHEN NEW."topic" = 'orders/create' AND NEW."orderId" IS NOT NULL
BEGIN
  INSERT INTO "OutcomeDirty" ("shop", "orderId") VALUES (NEW."shop", NEW."orderId")
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "mark" = "mark" + 1;
END;

CREATE TRIGGER "Delivery_outcome_dirty_update" AFTER UPDATE OF "orderId", "flowId", "callbackStatus", "buyer", "test" ON "Delivery"
WHEN NEW."topic" = 'orders/create' AND NEW."orderId" IS NOT NULL
BEGIN
  INSERT INTO "OutcomeDirty" ("shop", "orderId") VALUES (NEW."shop", NEW."orderId")
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "mark" = "mark" + 1;
END;

CREATE TRIGGER "SupplierOrder_outcome_dirty_insert" AFTER INSERT ON "SupplierOrder"
WHEN NEW."orderId" IS NOT NULL
BEGIN
  INSERT INTO "OutcomeDirty" ("shop", "orderId") VALUES (NEW."shop", NEW."orderId")
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "mark" = "mark" + 1;
END;

CREATE TRIGGER "SupplierOrder_outcome_dirty_update" AFTER UPDATE OF "orderId", "stage", "carrier", "openIncident" ON "SupplierOrder"
WHEN NEW."orderId" IS NOT NULL
BEGIN
  INSERT INTO "OutcomeDirty" ("shop", "orderId") VALUES (NEW."shop", NEW."orderId")
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "mark" = "mark" + 1;
END;

CREATE TRIGGER "OrderAnswer_outcome_dirty_insert" AFTER INSERT ON "OrderAnswer"
BEGIN
  INSERT INTO "OutcomeDirty" ("shop", "orderId") VALUES (NEW."shop", NEW."orderId")
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "mark" = "mark" + 1;
END;

CREATE TRIGGER "OrderAnswer_outcome_dirty_update" AFTER UPDATE OF "answer" ON "OrderAnswer"
BEGIN
  INSERT INTO "OutcomeDirty" ("shop", "orderId") VALUES (NEW."shop", NEW."orderId")
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "mark" = "mark" + 1;
END;

-- The orders already stored, projected by the job's first runs.
INSERT OR IGNORE INTO "OutcomeDirty" ("shop", "orderId")
SELECT "shop", "orderId" FROM "Delivery" WHERE "topic" = 'orders/create' AND "orderId" IS NOT NULL;
