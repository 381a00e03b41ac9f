import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { productSyncStatuses } from "~/services/stock/status.server";
import { shopDomain } from "../../helpers/factories";

async function syncedProduct(
  shop: string,
  associationId: string,
  runs: { runId: string; at: Date; variants: number }[],
) {
  await prisma.stockSyncProduct.create({
    data: { associationId, shop, lastAttemptAt: runs.at(-1)!.at, lastSuccessAt: runs.at(-1)!.at, status: "ok" },
  });
  for (const { runId, at, variants } of runs) {
    await prisma.stockSyncChange.createMany({
      data: Array.from({ length: variants }, (_, i) => ({
        shop,
        associationId,
        runId,
        platformVariantId: `gid://shopify/ProductVariant/${i}`,
        variantTitle: `Talla ${i}`,
        field: "stock",
        before: "5",
        after: String(i),
        at,
      })),
    });
  }
}

describe("each linked product's sync status", () => {
  it("shows every product's latest changes, however many another product's last sync made", async () => {
    const shop = shopDomain();
    const [busy, quiet] = [`busy-${shop}`, `quiet-${shop}`];
    // The quiet product changed once, yesterday; the busy one changed 60 variants an hour ago, after an older run.
    await syncedProduct(shop, quiet, [{ runId: "run-1", at: new Date(Date.now() - 86_400_000), variants: 1 }]);
    await syncedProduct(shop, busy, [
      { runId: "run-1", at: new Date(Date.now() - 86_400_000), variants: 3 },
      { runId: "run-2", at: new Date(Date.now() - 3_600_000), variants: 60 },
    ]);

    const statuses = await productSyncStatuses(shop, [busy, quiet]);

    expect(statuses[quiet].changes).toEqual([expect.objectContaining({ variantTitle: "Talla 0", after: "0" })]);
    expect(statuses[busy].changes).toHaveLength(8);
    // Only the latest run's changes: the older run's "Talla 0 → 0" is not among them.
    const runTwoTitles = new Set(Array.from({ length: 60 }, (_, i) => `Talla ${i}`));
    for (const change of statuses[busy].changes) expect(runTwoTitles.has(change.variantTitle)).toBe(true);
    expect(new Set(statuses[busy].changes.map((change) => change.at)).size).toBe(1);
  });

  it("never shows another shop's changes", async () => {
    const [shop, other] = [shopDomain(), shopDomain()];
    await syncedProduct(shop, `p-${shop}`, [{ runId: "run-1", at: new Date(), variants: 1 }]);
    await prisma.stockSyncChange.create({
      data: {
        shop: other,
        associationId: `p-${shop}`,
        runId: "x",
        platformVariantId: "v",
        variantTitle: "Otra",
        field: "stock",
        after: "9",
        at: new Date(Date.now() + 1000),
      },
    });
    const statuses = await productSyncStatuses(shop, [`p-${shop}`]);
    expect(statuses[`p-${shop}`].changes.map((change) => change.variantTitle)).toEqual(["Talla 0"]);
  });
});
