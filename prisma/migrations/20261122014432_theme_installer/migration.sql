-- CreateTable
CREATE TABLE "TemporaryThemeFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "data" BLOB NOT NULL,
    "size" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "deleteAfter" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ThemeInstall" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "themeId" BIGINT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "TemporaryThemeFile_shop_idx" ON "TemporaryThemeFile"("shop");

-- CreateIndex
CREATE INDEX "TemporaryThemeFile_deleteAfter_idx" ON "TemporaryThemeFile"("deleteAfter");

-- CreateIndex
CREATE INDEX "ThemeInstall_shop_createdAt_idx" ON "ThemeInstall"("shop", "createdAt");

