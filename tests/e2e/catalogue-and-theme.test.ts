import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_REPO } from "../../sandbox/repo-host/server";
import { adminFetch, installShop } from "../../sandbox/stack";
import { ensureAutomationKey, getJson, postJson, query, shopRowCounts, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-catalogo.myshopify.com";

interface SupplierProduct {
  id: string;
  name: string;
  description: string;
  gallery: { url: string | null; urlS3: string }[];
  variations: { id: string; sku: string; attributes: { name: string; value: string }[] }[];
}
interface PlatformProduct {
  id: string;
  title: string;
  descriptionHtml: string;
  media: { nodes: unknown[] };
  variants: { nodes: { id: string; title: string; barcode: string | null }[] };
}

describe("supplier, catalogue and theme flows, end to end", () => {
  let stack: Stack;
  const call = async (path: string, init?: RequestInit) => {
    const response = await adminFetch(stack, SHOP, path, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const form = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields) });

  beforeAll(async () => {
    stack = await startE2eStack();
    await installShop(stack, SHOP);
    await ensureAutomationKey(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("saves the supplier integration through the automation platform's bot field, answering the token masked", async () => {
    const saved = await call(
      "/api/integrations/supplier/save",
      form({ store_name: "Tienda Catálogo", country: "CO", supplier_token: "sandbox-supplier-token" }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.configuration).toMatchObject({
      shop: SHOP,
      supplierStoreName: "Tienda Catálogo",
      supplierCountry: "CO",
    });
    expect(JSON.stringify(saved.body)).not.toContain("sandbox-supplier-token");
    const { body } = await getJson<{ botFields: { fieldId: string; value: string }[] }>(
      `${stack.automationUrl}/sim/bot-fields`,
    );
    expect(body.botFields.at(-1)).toMatchObject({ fieldId: "640597", value: "sandbox-supplier-token" });
    const [row] = await query<{ supplierToken: string }>(
      stack,
      `SELECT "supplierToken" FROM "ShopConfiguration" WHERE "shop" = ?`,
      [SHOP],
    );
    expect(row.supplierToken).not.toContain("sandbox-supplier-token");
  });

  it("lists the supplier's favourites page by page, searches, and shows private products", async () => {
    const first = await call("/api/supplier/products?pageSize=10");
    expect(first.status).toBe(200);
    expect(first.body.products).toHaveLength(10);
    expect(first.body.upstreamError).toBeNull();
    const favourites = (
      await getJson<{ products: { favorite: boolean; privated_product: boolean }[] }>(
        `${stack.supplierUrl}/sim/catalogue`,
      )
    ).body.products;
    expect(first.body.total).toBe(favourites.filter((p) => p.favorite && !p.privated_product).length);

    const second = await call("/api/supplier/products?pageSize=10&startData=10");
    const ids = (list: unknown) => (list as SupplierProduct[]).map((product) => product.id);
    expect(ids(second.body.products)).not.toEqual(expect.arrayContaining(ids(first.body.products)));

    const search = await call(`/api/supplier/products?keywords=${encodeURIComponent("audífonos")}&pageSize=100`);
    expect((search.body.products as SupplierProduct[]).length).toBeGreaterThan(0);
    expect((search.body.products as SupplierProduct[]).every((p) => p.name.startsWith("Audífonos"))).toBe(true);
    const sent = (
      await getJson<{ requests: { body: Record<string, unknown> }[] }>(`${stack.supplierUrl}/sim/requests`)
    ).body.requests.at(-1)!.body;
    expect(sent).toMatchObject({ keywords: "audífonos" });
    expect(sent).not.toHaveProperty("favorite");

    const privateOnes = await call("/api/supplier/products?privated_product=true&pageSize=100");
    expect((privateOnes.body.products as SupplierProduct[]).length).toBe(
      favourites.filter((p) => p.privated_product).length,
    );
  });

  it("lists the platform's products and a product's variants", async () => {
    const products = await call("/api/platform/products");
    expect(products.status).toBe(200);
    const list = products.body.products as { id: string; title: string }[];
    expect(list.map((product) => product.title)).toContain("Camiseta deportiva");
    const shirt = list.find((product) => product.title === "Camiseta deportiva")!;
    const variants = await call(`/api/platform/product/variants?productId=${encodeURIComponent(shirt.id)}`);
    expect(variants.body.product).toEqual({ id: shirt.id, title: "Camiseta deportiva" });
    expect((variants.body.variants as unknown[]).length).toBe(6);
  });

  it("still answers when the platform throttles, waiting as its cost block says", async () => {
    await postJson(`${stack.platformUrl}/sim/throttle`, { requests: 2 });
    const products = await call("/api/platform/products");
    expect(products.status).toBe(200);
    const log = (await getJson<{ requests: { throttled: boolean }[] }>(`${stack.platformUrl}/sim/graphql`)).body
      .requests;
    expect(log.slice(-3).map((entry) => entry.throttled)).toEqual([true, true, false]);
  });

  it("polls the ten newest orders of the platform", async () => {
    for (let i = 0; i < 7; i++) await postJson(`${stack.platformUrl}/sim/orders`, { shop: SHOP, webhook: false });
    const polled = await call("/api/orders/poll");
    expect(polled.body.count).toBe(10);
    const newest = (await getJson<{ orders: { name: string }[] }>(`${stack.platformUrl}/sim/orders?shop=${SHOP}`)).body
      .orders;
    expect((polled.body.orders as { name: string }[]).map((order) => order.name)).toEqual(
      newest.slice(0, 10).map((o) => o.name),
    );
  });

  it("links a supplier product with every option, changing the platform product, and refuses linking it twice", async () => {
    const search = await call(
      `/api/supplier/products?keywords=${encodeURIComponent("camiseta deportiva")}&pageSize=100`,
    );
    const supplierProduct = (search.body.products as SupplierProduct[]).find((p) => p.variations.length >= 3)!;
    const platformProducts = (await call("/api/platform/products")).body.products as { id: string; title: string }[];
    const shirt = platformProducts.find((product) => product.title === "Camiseta deportiva")!;
    const variants = (await call(`/api/platform/product/variants?productId=${encodeURIComponent(shirt.id)}`)).body
      .variants as { id: string }[];
    const pairs = supplierProduct.variations.slice(0, 3).map((variation, index) => ({
      supplierVariationId: variation.id,
      platformVariantId: variants[index].id,
    }));

    const imported = await call(
      "/api/products/import",
      form({
        supplierProductId: supplierProduct.id,
        supplierProductData: JSON.stringify(supplierProduct),
        platformProductId: shirt.id,
        variantAssociations: JSON.stringify(pairs),
        saveSupplierName: "true",
        saveSupplierDescription: "true",
        useSuggestedBarcode: "true",
        saveSupplierImages: "true",
      }),
    );
    expect(imported.status).toBe(200);
    expect(imported.body.association).toMatchObject({
      supplierProductId: supplierProduct.id,
      platformProductId: shirt.id,
      importType: "link",
    });

    const { body } = await getJson<{ products: PlatformProduct[] }>(`${stack.platformUrl}/sim/products?shop=${SHOP}`);
    const changed = body.products.find((product) => product.id === shirt.id)!;
    expect(changed.title).toBe(supplierProduct.name);
    expect(changed.descriptionHtml).toContain("envío gratis");
    expect(changed.media.nodes).toHaveLength(Math.min(5, supplierProduct.gallery.length));
    const barcodes = changed.variants.nodes.slice(0, 3).map((variant) => variant.barcode);
    expect(barcodes).toEqual(supplierProduct.variations.slice(0, 3).map((variation) => variation.sku));

    const again = await call(
      "/api/products/import",
      form({
        supplierProductId: supplierProduct.id,
        supplierProductData: JSON.stringify(supplierProduct),
        platformProductId: shirt.id,
      }),
    );
    expect(again.status).toBe(409);

    const deleted = await call(
      "/api/products/association/delete",
      form({ associationId: String((imported.body.association as { id: string }).id) }),
    );
    expect(deleted.status).toBe(200);
    const after = (await getJson<{ products: PlatformProduct[] }>(`${stack.platformUrl}/sim/products?shop=${SHOP}`))
      .body.products;
    expect(after.find((product) => product.id === shirt.id)!.title).toBe(supplierProduct.name);
  });

  it("installs a theme from a private repository as an unpublished theme on the platform", async () => {
    const themeUrl = `repo-api://${SANDBOX_REPO.owner}/${SANDBOX_REPO.repo}/${SANDBOX_REPO.branch}?token=${SANDBOX_REPO.token}`;
    const installed = await call("/api/theme/install", form({ themeUrl }));
    expect(installed.status).toBe(200);
    expect(installed.body.theme).toMatchObject({ name: "Automation Theme 2.5", role: "unpublished" });
    const themes = stack.platform.shops.get(SHOP)!.themes;
    const created = themes.find((theme) => theme.id === (installed.body.theme as { id: number }).id)!;
    expect(created.role).toBe("unpublished");
    expect(created.src).toMatch(new RegExp(`^${stack.appUrl}/api/theme/download/`));
    expect(created.files).toContain("layout/theme.liquid");
  });

  it("installs a theme from a public archive URL and refuses an archive that is not a theme", async () => {
    const installed = await call(
      "/api/theme/install",
      form({ themeUrl: `${stack.repoHostUrl}/public/tema-cod.zip`, themeName: "Tema público" }),
    );
    expect(installed.status).toBe(200);
    expect(stack.platform.shops.get(SHOP)!.themes.map((theme) => theme.name)).toContain("Tema público");
    const refused = await call("/api/theme/install", form({ themeUrl: `${stack.repoHostUrl}/public/not-a-theme.zip` }));
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
  });

  it("reports a theme the platform fails to process to the merchant, through themeCreate", async () => {
    await postJson(`${stack.platformUrl}/sim/themes/processing`, { failNext: 1 });
    const failed = await call(
      "/api/theme/install",
      form({ themeUrl: `${stack.repoHostUrl}/public/tema-cod.zip`, themeName: "Tema roto" }),
    );
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({
      success: false,
      error:
        "The platform could not process the theme archive (processing failed); check that it is a complete theme and try again",
    });
    const theme = stack.platform.shops.get(SHOP)!.themes.find((candidate) => candidate.name === "Tema roto")!;
    expect(theme).toMatchObject({ processing: false, processingFailed: true });
    // No REST call was made: every platform request of the install was GraphQL.
    const { body } = await getJson<{ requests: { operationName: string | null }[] }>(
      `${stack.platformUrl}/sim/graphql`,
    );
    expect(body.requests.map((request) => request.operationName)).toEqual(
      expect.arrayContaining(["ThemeCreate", "ThemeStatus"]),
    );
  });

  it("refuses a private repository install with a token the repository host does not accept", async () => {
    const themeUrl = `repo-api://${SANDBOX_REPO.owner}/${SANDBOX_REPO.repo}/${SANDBOX_REPO.branch}?token=wrong-token`;
    const refused = await call("/api/theme/install", form({ themeUrl }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).not.toContain("wrong-token");
  });

  it("leaves nothing of the shop after the platform reports the uninstall", async () => {
    const before = await shopRowCounts(stack, SHOP);
    expect(before.ShopConfiguration).toBe(1);
    expect(Object.values(before).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(2);
    const { body } = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/webhooks`, {
      shop: SHOP,
      topic: "app/uninstalled",
    });
    expect(body.deliveries[0].status).toBe(200);
    expect(Object.entries(await shopRowCounts(stack, SHOP)).filter(([, count]) => count > 0)).toEqual([]);
  });
});
