import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { addressHistorySql, cityRateSql, phoneHistorySql, productRateSql } from "~/services/risk/history.server";
import { onPostgres } from "../../helpers/db";

/**
 * The score's history reads stay index probes on both engines (docs/decisions/334): each names its key through an
 * index of OrderRisk, and each row's answer and parcel through their (shop, orderId) indexes. SQLite: no table is
 * scanned (only the bounded lists of latest orders, the subqueries "r" and "h"), the parcels are read once per row,
 * and no sort is done outside an index. PostgreSQL: with sequential scans priced out (an empty test table would otherwise be scanned
 * whatever its indexes), the plan still has none.
 */

const SHOP = "plan.myshopify.com";
const ORDER = "gid://shopify/Order/1";

const READS: [string, Prisma.Sql][] = [
  ["phone", phoneHistorySql(SHOP, "+573001234567", ORDER)],
  ["address", addressHistorySql(SHOP, "0123456789abcdef0123456789abcdef", "+573001234567", ORDER)],
  ["city", cityRateSql(SHOP, "medellin", ORDER)],
  ["product", productRateSql(SHOP, "gid://shopify/Product/1", ORDER)],
];

async function sqlitePlan(sql: Prisma.Sql): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ detail: string }[]>(Prisma.sql`EXPLAIN QUERY PLAN ${sql}`);
  return rows.map((row) => row.detail);
}

async function postgresPlan(sql: Prisma.Sql): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    const rows = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${sql}`);
    return rows.map((row) => row["QUERY PLAN"]);
  });
}

describe("the return-risk score's history reads", () => {
  it.each(READS)("reads the %s history by index probes", async (_name, sql) => {
    if (onPostgres()) {
      const plan = await postgresPlan(sql);
      expect(plan.join("\n")).not.toMatch(/Seq Scan/);
      expect(plan.join("\n")).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      return;
    }
    const plan = await sqlitePlan(sql);
    const scans = plan.filter((detail) => /^SCAN /.test(detail));
    expect(scans.filter((detail) => detail !== "SCAN r" && detail !== "SCAN h")).toEqual([]);
    expect(plan.filter((detail) => detail.includes("TEMP B-TREE"))).toEqual([]);
    expect(plan.some((detail) => /SEARCH (r|OrderRisk) USING (COVERING )?INDEX OrderRisk_shop_/.test(detail))).toBe(true);
    // One read of the parcels per history row, by the order.
    expect(plan.filter((detail) => /SEARCH s USING/.test(detail))).toEqual([
      "SEARCH s USING INDEX SupplierOrder_shop_orderId_idx (shop=? AND orderId=?)",
    ]);
  });
});
