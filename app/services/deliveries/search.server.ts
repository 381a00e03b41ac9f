import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { env } from "../../env.server";
import { foldForSearch } from "../../lib/search-key";
import { summarizeDelivery } from "./queries.server";
import type { AppActionFilter } from "../../lib/app-action";
import type { DeliveryStatus } from "./status.server";

export interface DeliverySearch {
  q?: string;
  status?: DeliveryStatus;
  /** What the app did to the order's shipping (read by app-action-filter.server.ts). */
  appAction?: AppActionFilter;
}

/**
 * What a typed search looks for (docs/decisions/202): the order's name as typed and with its `#`, and the parts the
 * folded search key must all contain: the words of a name or email (up to 8, accents and case folded), or a
 * phone's last seven digits (the part every format of it shares). A bare order number looks for the name alone.
 */
export function searchTerms(q: string): { orderNames: string[]; keyParts: string[] } {
  const orderNames = [...new Set([q, q.startsWith("#") ? q : `#${q}`])];
  const digits = q.replace(/\D/g, "");
  if (/^[\d\s()+.-]+$/.test(q) && digits.length >= 6) return { orderNames, keyParts: [digits.slice(-7)] };
  if (/^#?\d+$/.test(q)) return { orderNames, keyParts: [] };
  return { orderNames, keyParts: foldForSearch(q).split(" ").filter(Boolean).slice(0, 8) };
}

/** The same search as a Prisma filter, for readers that walk every match (the export). */
export function searchWhere(shop: string, search: DeliverySearch): Prisma.DeliveryWhereInput {
  const where: Prisma.DeliveryWhereInput = { shop, ...(search.status ? { status: search.status } : {}) };
  const q = search.q?.trim();
  if (!q) return where;
  const { orderNames, keyParts } = searchTerms(q);
  const or: Prisma.DeliveryWhereInput[] = orderNames.map((orderName) => ({ orderName }));
  if (keyParts.length) or.push({ AND: keyParts.map((part) => ({ searchKey: { contains: part } })) });
  return { ...where, OR: or };
}

/** Above this many matches a SQLite search page walks the shop's newest deliveries instead of sorting the matches. */
const WALK_FROM_MATCHES = 1000;

const isPostgres = () => !env().DATABASE_URL.startsWith("file:");

/** `%`, `_` and the escape itself taken literally inside a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the shop's deliveries a typed search finds, newest first, and their number. The matches are
 * collected from indexes alone: the (shop, orderName) index for the order's name, and for the buyer's key the
 * (shop, searchKey) index read as a covering index on SQLite (no row is read to test it) or the key's trigram index
 * on PostgreSQL. Only the page's rows are read, so a busy shop's search costs one pass over a narrow index at
 * most, however many orders it holds or finds.
 */
export async function searchPage(
  shop: string,
  q: string,
  status: DeliveryStatus | undefined,
  page: number,
  pageSize: number,
) {
  const { orderNames, keyParts } = searchTerms(q);
  const postgres = isPostgres();
  // SQLite's indexes point at the rowid: testing it keeps the match list inside the index.
  const row = postgres ? Prisma.sql`"id"` : Prisma.sql`"rowid"`;
  const like = (part: string) =>
    postgres
      ? Prisma.sql`"searchKey" LIKE ${`%${likeLiteral(part)}%`}`
      : Prisma.sql`"searchKey" LIKE ${`%${likeLiteral(part)}%`} ESCAPE '\\'`;
  const byName = Prisma.sql`SELECT ${row} FROM "Delivery" WHERE "shop" = ${shop} AND "orderName" IN (${Prisma.join(orderNames)})`;
  const matches = keyParts.length
    ? Prisma.sql`${byName} UNION SELECT ${row} FROM "Delivery" WHERE "shop" = ${shop} AND ${Prisma.join(keyParts.map(like), " AND ")}`
    : byName;
  const onlyStatus = status ? Prisma.sql`AND "status" = ${status}` : Prisma.empty;
  const [counted] = status
    ? await prisma.$queryRaw<{ n: bigint | number }[]>`
        SELECT COUNT(*) AS n FROM "Delivery" WHERE ${row} IN (${matches}) AND "shop" = ${shop} ${onlyStatus}`
    : await prisma.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS n FROM (${matches}) AS "matches"`;
  const total = Number(counted.n);
  // Few matches are read by their rowids and sorted; many are found walking the shop's newest-first index, where
  // the page fills long before the end (`+` keeps SQLite from looking the rowid list up instead).
  const member = !postgres && total > WALK_FROM_MATCHES ? Prisma.sql`+"rowid"` : row;
  const ids = total
    ? await prisma.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "Delivery" WHERE "shop" = ${shop} AND ${member} IN (${matches}) ${onlyStatus}
        ORDER BY "createdAt" DESC, "id" DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    : [];
  const rows = ids.length
    ? await prisma.delivery.findMany({ where: { shop, id: { in: ids.map((match) => match.id) } } })
    : [];
  const byId = new Map(rows.map((delivery) => [delivery.id, delivery]));
  const deliveries = ids.flatMap((match) => {
    const delivery = byId.get(match.id);
    return delivery ? [summarizeDelivery(delivery)] : [];
  });
  return { deliveries, total, page, pageSize };
}
