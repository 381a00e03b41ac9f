-- migrate:up
-- CreateTable
CREATE TABLE "PlatformAccessRefusal" (
    "kind" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "lastAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlatformAccessRefusal_pkey" PRIMARY KEY ("kind")
);

-- migrate:down
