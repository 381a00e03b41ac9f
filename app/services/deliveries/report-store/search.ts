import { Prisma } from "@prisma/client";
import prisma from "../../../db.server";
import type { ReportStore } from "./index";

/** How an engine finds search matches within its indexes. */
export interface SearchDialect {
  /** The column the match lists carry: the one the engine's indexes point at. */
  row: Prisma.Sql;
  /** The buyer's key contains `pattern` (a LIKE pattern whose `\` escapes). */
  keyLike(pattern: string): Prisma.Sql;
  /** How the page's query tests membership in the match list, given how many matches there are. */
  member(total: number): Prisma.Sql;
}

/** `%`, `_` and the escape itself taken literally inside a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of a search's matches and their number (docs/decisions/202). The matches are collected from indexes
 * alone: the (shop, orderName) index for the order's name and, for the buyer's key, whichever index the engine's
 * dialect reads. Only the page's rows are read later, so a busy shop's search costs one pass over a narrow index
 * at most, however many orders it holds or finds.
 */
export function searchDeliveryIds(dialect: SearchDialect): ReportStore["searchDeliveryIds"] {
  return async (shop, { orderNames, keyParts }, status, { page, pageSize }) => {
    const { row } = dialect;
    const byName = Prisma.sql`SELECT ${row} FROM "Delivery" WHERE "shop" = ${shop} AND "orderName" IN (${Prisma.join(orderNames)})`;
    const like = (part: string) => dialect.keyLike(`%${likeLiteral(part)}%`);
    const matches = keyParts.length
      ? Prisma.sql`${byName} UNION SELECT ${row} FROM "Delivery" WHERE "shop" = ${shop} AND ${Prisma.join(keyParts.map(like), " AND ")}`
      : byName;
    const onlyStatus = status ? Prisma.sql`AND "status" = ${status}` : Prisma.empty;
    const [counted] = status
      ? await prisma.$queryRaw<{ n: bigint | number }[]>`
          SELECT COUNT(*) AS n FROM "Delivery" WHERE ${row} IN (${matches}) AND "shop" = ${shop} ${onlyStatus}`
      : await prisma.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS n FROM (${matches}) AS "matches"`;
    const total = Number(counted.n);
    const ids = total
      ? await prisma.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "Delivery" WHERE "shop" = ${shop} AND ${dialect.member(total)} IN (${matches}) ${onlyStatus}
          ORDER BY "createdAt" DESC, "id" DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
      : [];
    return { ids: ids.map((match) => match.id), total };
  };
}
