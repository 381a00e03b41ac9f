-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ProductAssociation" (
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
    "variantAssociations" TEXT NOT NULL DEFAULT '[]',
    "imagesAdded" INTEGER NOT NULL DEFAULT 0,
    "lastSyncedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_ProductAssociation" ("createdAt", "id", "importType", "lastSyncedAt", "platformProductId", "platformProductTitle", "saveSupplierDescription", "saveSupplierImages", "saveSupplierName", "shop", "supplierProductId", "supplierProductName", "updatedAt", "useSuggestedBarcode") SELECT "createdAt", "id", "importType", "lastSyncedAt", "platformProductId", "platformProductTitle", "saveSupplierDescription", "saveSupplierImages", "saveSupplierName", "shop", "supplierProductId", "supplierProductName", "updatedAt", "useSuggestedBarcode" FROM "ProductAssociation";
DROP TABLE "ProductAssociation";
ALTER TABLE "new_ProductAssociation" RENAME TO "ProductAssociation";
CREATE INDEX "ProductAssociation_shop_createdAt_idx" ON "ProductAssociation"("shop", "createdAt");
CREATE UNIQUE INDEX "ProductAssociation_shop_supplierProductId_key" ON "ProductAssociation"("shop", "supplierProductId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

