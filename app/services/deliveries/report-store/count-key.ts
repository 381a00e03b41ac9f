import { Prisma } from "@prisma/client";

/** The columns an insight count is kept by: InsightCount's unique key, and what a fold groups the changes by. */
export const COUNT_KEY = Prisma.sql`"shop", "bucket", "status", "topic", "flowId", "callback", "delivered"`;
