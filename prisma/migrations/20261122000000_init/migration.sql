-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" DATETIME,
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
    "refreshTokenExpires" DATETIME
);

-- CreateTable
CREATE TABLE "ShopConfiguration" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "automationApiKey" TEXT,
    "automationApiKeyHash" TEXT,
    "newOrderFlowId" TEXT,
    "abandonedCartFlowId" TEXT,
    "supplierStoreName" TEXT,
    "supplierCountry" TEXT,
    "supplierToken" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ProductAssociation" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "lastSyncedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AiConfiguration" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT NOT NULL DEFAULT 'es',
    "instructions" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PrivacyRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "customerId" TEXT,
    "summary" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
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

