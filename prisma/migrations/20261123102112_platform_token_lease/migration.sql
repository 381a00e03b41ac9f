-- CreateTable
CREATE TABLE "PlatformTokenLease" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

