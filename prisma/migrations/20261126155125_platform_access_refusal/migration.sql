-- CreateTable
CREATE TABLE "PlatformAccessRefusal" (
    "kind" TEXT NOT NULL PRIMARY KEY,
    "since" DATETIME NOT NULL,
    "lastAt" DATETIME NOT NULL
);

