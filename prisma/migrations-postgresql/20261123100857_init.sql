-- migrate:up
-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN,
    "locale" TEXT,
    "collaborator" BOOLEAN,
    "emailVerified" BOOLEAN,
    "refreshToken" TEXT,
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShopConfiguration" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "automationApiKey" TEXT,
    "automationApiKeyHash" TEXT,
    "newOrderFlowId" TEXT,
    "abandonedCartFlowId" TEXT,
    "supplierStoreName" TEXT,
    "supplierCountry" TEXT,
    "supplierToken" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopConfiguration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductAssociation" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "supplierProductId" TEXT NOT NULL,
    "platformProductId" TEXT NOT NULL,
    "supplierProductName" TEXT NOT NULL,
    "platformProductTitle" TEXT NOT NULL,
    "importType" TEXT NOT NULL DEFAULT 'link',
    "saveSupplierName" BOOLEAN NOT NULL DEFAULT false,
    "saveSupplierDescription" BOOLEAN NOT NULL DEFAULT false,
    "useSuggestedBarcode" BOOLEAN NOT NULL DEFAULT false,
    "saveSupplierImages" BOOLEAN NOT NULL DEFAULT false,
    "variantAssociations" TEXT NOT NULL DEFAULT '[]',
    "imagesAdded" INTEGER NOT NULL DEFAULT 0,
    "lastSyncedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductAssociation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AiConfiguration" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT NOT NULL DEFAULT 'es',
    "instructions" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AiConfiguration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrivacyRequest" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "customerId" TEXT,
    "summary" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PrivacyRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TemporaryThemeFile" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "deleteAfter" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TemporaryThemeFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThemeInstall" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "themeId" BIGINT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThemeInstall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Delivery" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "resourceId" TEXT,
    "orderId" TEXT,
    "orderName" TEXT,
    "customerId" TEXT,
    "checkoutToken" TEXT,
    "cartToken" TEXT,
    "flowId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "lastError" TEXT,
    "payload" TEXT,
    "payloadPurgedAt" TIMESTAMP(3),
    "attemptLog" TEXT NOT NULL DEFAULT '[]',
    "deliveredAt" TIMESTAMP(3),
    "callbackStatus" TEXT,
    "callbackAt" TIMESTAMP(3),
    "tagsApplied" TEXT NOT NULL DEFAULT '[]',
    "errorTagDueAt" TIMESTAMP(3),
    "errorTagTries" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Delivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "ShopConfiguration_shop_key" ON "ShopConfiguration"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "ShopConfiguration_automationApiKeyHash_key" ON "ShopConfiguration"("automationApiKeyHash");

-- CreateIndex
CREATE INDEX "ProductAssociation_shop_createdAt_idx" ON "ProductAssociation"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProductAssociation_shop_supplierProductId_key" ON "ProductAssociation"("shop", "supplierProductId");

-- CreateIndex
CREATE UNIQUE INDEX "AiConfiguration_shop_key" ON "AiConfiguration"("shop");

-- CreateIndex
CREATE INDEX "PrivacyRequest_shop_idx" ON "PrivacyRequest"("shop");

-- CreateIndex
CREATE INDEX "TemporaryThemeFile_shop_idx" ON "TemporaryThemeFile"("shop");

-- CreateIndex
CREATE INDEX "TemporaryThemeFile_deleteAfter_idx" ON "TemporaryThemeFile"("deleteAfter");

-- CreateIndex
CREATE INDEX "ThemeInstall_shop_createdAt_idx" ON "ThemeInstall"("shop", "createdAt");

-- CreateIndex
CREATE INDEX "Delivery_status_nextAttemptAt_idx" ON "Delivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Delivery_status_leaseExpiresAt_idx" ON "Delivery"("status", "leaseExpiresAt");

-- CreateIndex
CREATE INDEX "Delivery_shop_createdAt_idx" ON "Delivery"("shop", "createdAt");

-- CreateIndex
CREATE INDEX "Delivery_shop_orderId_idx" ON "Delivery"("shop", "orderId");

-- CreateIndex
CREATE INDEX "Delivery_shop_orderName_idx" ON "Delivery"("shop", "orderName");

-- CreateIndex
CREATE INDEX "Delivery_shop_checkoutToken_idx" ON "Delivery"("shop", "checkoutToken");

-- CreateIndex
CREATE INDEX "Delivery_shop_cartToken_idx" ON "Delivery"("shop", "cartToken");

-- CreateIndex
CREATE INDEX "Delivery_errorTagDueAt_idx" ON "Delivery"("errorTagDueAt");

-- CreateIndex
CREATE UNIQUE INDEX "Delivery_shop_eventId_key" ON "Delivery"("shop", "eventId");

-- migrate:down
