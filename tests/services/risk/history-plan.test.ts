import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { historyStatement, type HistoryKeys } from "~/services/risk/history.server";
import { saveOrderRisk } from "~/services/risk/store.server";
import { onPostgres } from "../../helpers/db";

/**
 * The score's history reads stay index probes on both engines (docs/decisions/334): each names its key through an
 * index of OrderRisk, and each row's answer and parcel through their (shop, orderId) indexes. SQLite: no table is
 * scanned (only the bounded lists of latest orders, the subqueries "r" and "h"), the parcels are read once per row,
 * and no sort is done outside an index. PostgreSQL: with sequential scans priced out (an empty test table would otherwise be scanned
 * whatever its indexes), the plan still has none.
 */

const KEYS: HistoryKeys = {
  shop: "plan.myshopify.com",
  orderId: "gid://shopify/Order/1",
  phone: "+573001234567",
  addressKey: "0123456789abcdef0123456789abcdef",
  city: "medellin",
  productId: "gid://shopify/Product/1",
};
const values = historyStatement.names.map((name) => KEYS[name]);

async function sqlitePlan(): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ detail: string }[]>(
    `EXPLAIN QUERY PLAN ${historyStatement.sqlite}`,
    ...values,
  );
  return rows.map((row) => row.detail);
}

async function postgresPlan(): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN ${historyStatement.postgres}`,
      ...values,
    );
    return rows.map((row) => row["QUERY PLAN"]);
  });
}

/**
 * A shop's history of a few hundred orders, the parcels of most, and the planner's statistics of it: an empty
 * table's default statistics make any index look as good as another.
 */
async function seedHistory() {
  const stages = ["delivered", "returned", "in_transit", "rejected"];
  for (let n = 0; n < 300; n++) {
    const orderId = `gid://shopify/Order/${1000 + n}`;
    await saveOrderRisk({
      shop: KEYS.shop,
      orderId,
      phone: `+5730012${String(n % 60).padStart(5, "0")}`,
      score: 0,
      level: "low",
      reasons: [],
      scoredAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000),
      addressKey: `address-${n % 80}`,
      city: ["medellin", "bogota", "cali"][n % 3],
      productId: `gid://shopify/Product/${n % 5}`,
    });
    if (n % 4 !== 3) {
      await prisma.supplierOrder.create({
        data: { shop: KEYS.shop, supplierOrderId: `S-${n}`, orderId, stage: stages[n % 4] },
      });
    }
  }
  await prisma.$executeRawUnsafe("ANALYZE");
}

describe("the return-risk score's history read", () => {
  it("reads the phone's, the address's, the city's and the product's history by index probes", async () => {
    await seedHistory();
    if (onPostgres()) {
      const plan = (await postgresPlan()).join("\n");
      expect(plan).not.toMatch(/Seq Scan/);
      for (const index of [
        "OrderRisk_shop_phone_scoredAt_idx",
        "OrderRisk_shop_addressKey_scoredAt_idx",
        "OrderRisk_shop_city_scoredAt_idx",
        "OrderRisk_shop_productId_scoredAt_idx",
        "SupplierOrder_shop_orderId_idx",
        "OrderAnswer_shop_orderId_key",
      ]) {
        expect(plan).toContain(index);
      }
      return;
    }
    const plan = await sqlitePlan();
    const scans = plan.filter((detail) => /^SCAN /.test(detail));
    // Only the bounded lists of latest orders (the subqueries "r" and "h") and the four one-row sums are walked.
    const bounded = ["SCAN r", "SCAN h", "SCAN p", "SCAN ad", "SCAN c", "SCAN pr"];
    expect(scans.filter((detail) => !bounded.includes(detail))).toEqual([]);
    expect(plan.filter((detail) => detail.includes("TEMP B-TREE"))).toEqual([]);
    for (const key of ["phone", "addressKey", "city", "productId"]) {
      expect(plan).toContain(`SEARCH OrderRisk USING INDEX OrderRisk_shop_${key}_scoredAt_idx (shop=? AND ${key}=?)`);
    }
    // One read of the parcels per history row (four reads), by the order.
    expect(plan.filter((detail) => /SEARCH s USING/.test(detail))).toEqual(
      Array(4).fill("SEARCH s USING INDEX SupplierOrder_shop_orderId_idx (shop=? AND orderId=?)"),
    );
  });
});
