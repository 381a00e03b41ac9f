import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/app.products/route";
import { syncShopStock } from "~/services/stock/sync.server";
import { applyStockCommand } from "../../sandbox/supplier/market";
import { SANDBOX_SUPPLIER_TOKEN } from "../../sandbox/supplier/server";
import { createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { MAIN_LOCATION, stockSandbox, type StockSandbox } from "../helpers/stock-sandbox";

const args = { params: {}, context: {} };
const noSleep = async () => undefined;
const load = async (shop: string) => loader({ request: await adminRequest("/app/products", shop), ...args });
const post = async (shop: string, fields: Record<string, string>) =>
  action({ request: await adminRequest("/app/products", shop, formBody(fields)), ...args });

interface PreviewRow {
  variantId: string;
  supplierPrice: string;
  currentPrice: string;
  newPrice: string;
  changes: boolean;
}
interface RuleAnswer {
  success: true;
  priceRule: { on: boolean; confirmedAt: string | null; fingerprint: string };
  preview: PreviewRow[];
}

let sandbox: StockSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A shop with one linked product of four mapped variants, its supplier variations all at `supplierPrice`. */
async function linkedShop(supplierPrice = "30000") {
  const shop = shopDomain();
  sandbox = await stockSandbox(shop);
  const storeProduct = sandbox.state.products.find((product) => product.variants.length >= 4)!;
  const supplierProduct = sandbox.supplier.catalogue.find((p) => p.variations.length >= 4 && !p.privated_product)!;
  const association = await sandbox.link(storeProduct, supplierProduct, 4);
  applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, price: supplierPrice });
  const storePrices = () =>
    Object.fromEntries(storeProduct.variants.map((v) => [`gid://shopify/ProductVariant/${v.id}`, v.price]));
  return { shop, sandbox, storeProduct, association, storePrices };
}

const rule = (patch: Record<string, string> = {}) => ({
  intent: "price-rule",
  priceRuleOn: "true",
  margin: "1.8",
  fixedAmount: "3000",
  rounding: "ends_900",
  setCompareAt: "false",
  ...patch,
});

async function saveRule(shop: string, patch: Record<string, string> = {}) {
  const response = await post(shop, rule(patch));
  expect(response.status).toBe(200);
  return (await response.json()) as RuleAnswer;
}

describe("linked products page: the price rule and its preview", () => {
  it("previews every mapped variant's new price, writes nothing, and the confirmed rule's next sync sets exactly those", async () => {
    const { shop, sandbox, storePrices } = await linkedShop("30000");
    const before = storePrices();
    sandbox.platform.calls.length = 0;

    const saved = await saveRule(shop);

    // 30,000 x 1.8 + 3,000 = 57,000, up to 57,900.
    expect(saved.preview).toHaveLength(4);
    for (const row of saved.preview) {
      expect(row).toMatchObject({ supplierPrice: "30000.00", newPrice: "57900.00" });
      expect(row.currentPrice).toBe(Number(before[row.variantId]).toFixed(2));
      expect(row.changes).toBe(Number(before[row.variantId]) !== 57_900);
    }
    expect(sandbox.platform.calls).toEqual(["StockProducts"]);
    expect(storePrices()).toEqual(before);
    expect(saved.priceRule).toMatchObject({ on: true, confirmedAt: null });
    expect(await prisma.stockSyncRun.count({ where: { shop } })).toBe(0);

    const confirmed = await post(shop, { intent: "price-confirm", fingerprint: saved.priceRule.fingerprint });
    expect(await confirmed.json()).toMatchObject({ success: true, priceRule: { confirmedAt: expect.any(String) } });

    const result = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });
    expect(result.status).toBe("ok");
    const after = storePrices();
    for (const row of saved.preview) expect(Number(after[row.variantId]).toFixed(2)).toBe(row.newPrice);
    const written = await prisma.stockSyncChange.findMany({ where: { shop, field: "price" } });
    expect(written.map((change) => [change.platformVariantId, change.after]).sort()).toEqual(
      saved.preview
        .filter((row) => row.changes)
        .map((row) => [row.variantId, row.newPrice])
        .sort(),
    );
  });

  it("leaves prices alone on every sync until the preview is confirmed, and again once the rule is edited", async () => {
    const { shop, storePrices } = await linkedShop("30000");
    const before = storePrices();
    const saved = await saveRule(shop);
    await syncShopStock(shop, { trigger: "schedule", sleep: noSleep });
    expect(storePrices()).toEqual(before);
    expect(await prisma.stockSyncChange.count({ where: { shop, field: "price" } })).toBe(0);

    await post(shop, { intent: "price-confirm", fingerprint: saved.priceRule.fingerprint });
    // Saving the same rule again keeps its confirmation.
    expect((await saveRule(shop)).priceRule.confirmedAt).not.toBeNull();

    const edited = await saveRule(shop, { margin: "2" });
    expect(edited.priceRule.confirmedAt).toBeNull();
    expect(edited.preview.every((row) => row.newPrice === "63900.00")).toBe(true);
    // The old preview cannot confirm the edited rule.
    const stale = await post(shop, { intent: "price-confirm", fingerprint: saved.priceRule.fingerprint });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ success: false, code: "price_preview_stale" });
    await syncShopStock(shop, { trigger: "schedule", sleep: noSleep });
    expect(storePrices()).toEqual(before);

    const off = await saveRule(shop, { priceRuleOn: "false" });
    expect(off).toMatchObject({ priceRule: { on: false, confirmedAt: null }, preview: [] });
    const refused = await post(shop, { intent: "price-confirm", fingerprint: off.priceRule.fingerprint });
    expect(await refused.json()).toMatchObject({ success: false, code: "price_rule_off" });
  });

  it.each([
    [{ margin: "1,35", rounding: "nearest_100", fixedAmount: "0" }, "33333", "45000.00"],
    [{ margin: "1.35", rounding: "none", fixedAmount: "0" }, "33333", "44999.55"],
    [{ margin: "1", rounding: "ends_900", fixedAmount: "0" }, "59900", "59900.00"],
    [{ margin: "1", rounding: "ends_900", fixedAmount: "1" }, "59900", "60900.00"],
    [{ margin: "1.5", rounding: "nearest_100", fixedAmount: "49" }, "10001", "15100.00"],
  ])("rounds as the merchant prices: %o on %s gives %s", async (patch, supplierPrice, expected) => {
    const { shop } = await linkedShop(supplierPrice);
    const saved = await saveRule(shop, patch);
    expect(saved.preview.map((row) => row.newPrice)).toEqual(Array(4).fill(expected));
  });

  it.each([
    [{ margin: "abc" }, "margin"],
    [{ margin: "0" }, "margin"],
    [{ margin: "" }, "margin"],
    [{ fixedAmount: "-5" }, "fixedAmount"],
    [{ fixedAmount: "1.5" }, "fixedAmount"],
    [{ fixedAmount: "999999999999" }, "fixedAmount"],
    [{ rounding: "nearest_1000" }, "rounding"],
    [{ priceRuleOn: "maybe" }, "priceRuleOn"],
  ])("refuses %o on its field and stores nothing", async (patch, field) => {
    const { shop } = await linkedShop();
    const response = await post(shop, rule(patch));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "invalid_input", field });
    expect(await prisma.stockSyncSettings.findUniqueOrThrow({ where: { shop } })).toMatchObject({
      priceRuleOn: false,
      marginBps: 10_000,
    });
  });

  it("lets no shop preview, change or confirm another shop's rule", async () => {
    const { shop, association } = await linkedShop();
    const saved = await saveRule(shop);
    const other = shopDomain();
    await createSession(other);
    await createConfiguration(other, { supplierToken: SANDBOX_SUPPLIER_TOKEN, supplierCountry: "CO" });
    await prisma.stockSyncSettings.create({ data: { shop: other, enabled: true, locationId: MAIN_LOCATION } });

    const theirs = await saveRule(other, { margin: "3", associationId: association.id });
    expect(theirs.preview).toEqual([]);
    await post(other, { intent: "price-confirm", fingerprint: saved.priceRule.fingerprint });

    expect(await prisma.stockSyncSettings.findUniqueOrThrow({ where: { shop } })).toMatchObject({
      marginBps: 18_000,
      pricePreviewAt: null,
    });
    expect((await load(other)).sync.priceRule).toMatchObject({ margin: "3", confirmedAt: null });
    expect((await load(shop)).sync.priceRule).toMatchObject({ margin: "1.8", confirmedAt: null });
  });
});
