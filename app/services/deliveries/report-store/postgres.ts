import { Prisma } from "@prisma/client";
import prisma from "../../../db.server";
import { COUNT_KEY } from "./count-key";
import type { ReportStore } from "./index";
import { searchDeliveryIds } from "./search";

/** The reports' statements on PostgreSQL. */
export function postgresReportStore(): ReportStore {
  return {
    engine: "postgresql",
    async foldCountChanges(upTo) {
      // One statement, one snapshot: exactly the changes it deletes are added (a change committed meanwhile waits
      // for the next fold). (A data-modifying WITH runs whether or not the final SELECT reads it.)
      const [moved] = await prisma.$queryRaw<{ n: bigint | number }[]>`
        WITH "moved" AS (DELETE FROM "InsightCountChange" WHERE "id" <= ${upTo} RETURNING *),
        "added" AS (
          INSERT INTO "InsightCount" (${COUNT_KEY}, "n")
          SELECT ${COUNT_KEY}, SUM("n") FROM "moved" GROUP BY ${COUNT_KEY} ORDER BY ${COUNT_KEY}
          ON CONFLICT (${COUNT_KEY}) DO UPDATE SET "n" = "InsightCount"."n" + EXCLUDED."n")
        SELECT COUNT(*) AS n FROM "moved"`;
      return Number(moved.n);
    },
    async orderToTriggerGroups(shop, since, sample) {
      const rows = await prisma.$queryRaw<{ digits: number; lead: number; n: bigint | number }[]>`
        SELECT length(ms::text) AS digits, CAST(substr(ms::text, 1, 2) AS INTEGER) AS lead, COUNT(*) AS n
        FROM (SELECT GREATEST(0, CAST(EXTRACT(EPOCH FROM ("deliveredAt" - "createdAt")) * 1000 AS BIGINT)) AS ms
          FROM "Delivery" WHERE "shop" = ${shop} AND "createdAt" >= ${since} AND NOT "test" AND "topic" = 'orders/create'
            AND "deliveredAt" IS NOT NULL
          ORDER BY "createdAt" DESC LIMIT ${sample}) AS t
        GROUP BY 1, 2`;
      return rows.map((row) => ({ digits: Number(row.digits), lead: Number(row.lead), n: Number(row.n) }));
    },
    searchDeliveryIds: searchDeliveryIds({
      // The key's trigram index finds the matches; the ids are the rows' own.
      row: Prisma.sql`"id"`,
      keyLike: (pattern) => Prisma.sql`"searchKey" LIKE ${pattern}`,
      member: () => Prisma.sql`"id"`,
    }),
  };
}
