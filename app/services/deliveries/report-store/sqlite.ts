import { Prisma } from "@prisma/client";
import prisma from "../../../db.server";
import { COUNT_KEY } from "./count-key";
import type { ReportStore } from "./index";
import { searchDeliveryIds } from "./search";

/** Above this many matches a search page walks the shop's newest deliveries instead of sorting the matches. */
export const WALK_FROM_MATCHES = 1000;

/** The reports' statements on SQLite. */
export function sqliteReportStore(): ReportStore {
  return {
    engine: "sqlite",
    async foldCountChanges(upTo) {
      // SQLite has one writer: the two statements of the transaction see the same changes.
      const [, deleted] = await prisma.$transaction([
        prisma.$executeRaw`
          INSERT INTO "InsightCount" (${COUNT_KEY}, "n")
          SELECT ${COUNT_KEY}, SUM("n") FROM "InsightCountChange" WHERE "id" <= ${upTo} GROUP BY ${COUNT_KEY}
          ON CONFLICT (${COUNT_KEY}) DO UPDATE SET "n" = "InsightCount"."n" + excluded."n"`,
        prisma.$executeRaw`DELETE FROM "InsightCountChange" WHERE "id" <= ${upTo}`,
      ]);
      return deleted;
    },
    async orderToTriggerGroups(shop, since, sample) {
      const rows = await prisma.$queryRaw<{ digits: number; lead: number; n: bigint | number }[]>`
        SELECT length(ms) AS digits, CAST(substr(ms, 1, 2) AS INTEGER) AS lead, COUNT(*) AS n
        FROM (SELECT CAST(max(0, round((julianday("deliveredAt") - julianday("createdAt")) * 86400000)) AS INTEGER) AS ms
          FROM "Delivery" WHERE "shop" = ${shop} AND "createdAt" >= ${since} AND NOT "test" AND "topic" = 'orders/create'
            AND "deliveredAt" IS NOT NULL
          ORDER BY "createdAt" DESC LIMIT ${sample})
        GROUP BY 1, 2`;
      return rows.map((row) => ({ digits: Number(row.digits), lead: Number(row.lead), n: Number(row.n) }));
    },
    searchDeliveryIds: searchDeliveryIds({
      // The indexes point at the rowid: testing it keeps the match list inside the (covering) index.
      row: Prisma.sql`"rowid"`,
      keyLike: (pattern) => Prisma.sql`"searchKey" LIKE ${pattern} ESCAPE '\\'`,
      // Few matches are read by their rowids and sorted; many are found walking the shop's newest-first index,
      // where the page fills long before the end (`+` keeps SQLite from looking the rowid list up instead).
      member: (total) => (total > WALK_FROM_MATCHES ? Prisma.sql`+"rowid"` : Prisma.sql`"rowid"`),
    }),
  };
}
