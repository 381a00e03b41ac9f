import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/app.products/route";
import { createAssociation, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { mockPlatform } from "../mocks/platform";

const args = { params: {}, context: {} };
const PRODUCT_GID = "gid://shopify/Product/88";
const variants = ["S", "M"].map((size, i) => ({
  id: `gid://shopify/ProductVariant/88${i}`,
  title: size,
  price: "59900.00",
  sku: null,
  barcode: null,
  inventoryQuantity: 5,
  availableForSale: true,
  selectedOptions: [{ name: "Talla", value: size }],
}));

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

/** A link of PRODUCT_GID to a supplier product sold in sizes S (510) and M (511), S mapped. */
async function linkedShirt(shop: string) {
  const row = await createAssociation(shop);
  return prisma.productAssociation.update({
    where: { id: row.id },
    data: {
      platformProductId: PRODUCT_GID,
      supplierVariations: JSON.stringify([
        { id: "510", sku: "SUP-S", attributes: [{ name: "Talla", value: "S" }] },
        { id: "511", sku: "SUP-M", attributes: [{ name: "Talla", value: "M" }] },
      ]),
      variantAssociations: JSON.stringify([
        { supplierVariationId: "510", platformVariantId: variants[0].id, barcode: null },
      ]),
    },
  });
}

function storeProduct(shop: string) {
  return mockPlatform(shop, {
    ProductVariants: () => ({ product: { id: PRODUCT_GID, title: "Camiseta", variants: { nodes: variants } } }),
  });
}

const load = async (shop: string, query = "") =>
  loader({ request: await adminRequest(`/app/products${query}`, shop), ...args });

const post = async (shop: string, fields: Record<string, string>) =>
  action({ request: await adminRequest("/app/products", shop, formBody(fields)), ...args });

describe("linked products page loader", () => {
  it("lists the shop's links, 25 a page, and no mapping unless one is asked for", async () => {
    const shop = await installedShop();
    for (let i = 0; i < 26; i++) await createAssociation(shop);
    await createAssociation(await installedShop());
    const first = await load(shop);
    expect(first).toMatchObject({ total: 26, page: 1, mapping: null });
    expect(first.associations).toHaveLength(25);
    expect((await load(shop, "?page=2")).associations).toHaveLength(1);
  });

  it("shows the last page when the one asked for is past the end", async () => {
    const shop = await installedShop();
    for (let i = 0; i < 26; i++) await createAssociation(shop);
    const data = await load(shop, "?page=3");
    expect(data.page).toBe(2);
    expect(data.associations).toHaveLength(1);
  });

  it("opens a link's mapping with its store product's variants as they are now", async () => {
    const shop = await installedShop();
    const link = await linkedShirt(shop);
    const calls = storeProduct(shop);
    const data = await load(shop, `?mapping=${link.id}`);
    expect(data.mapping?.failure).toBeNull();
    expect(data.mapping?.association?.id).toBe(link.id);
    expect(data.mapping?.association?.variantAssociations).toEqual([
      { supplierVariationId: "510", platformVariantId: variants[0].id, barcode: null },
    ]);
    expect(data.mapping?.variants?.map((variant) => variant.id)).toEqual(variants.map((variant) => variant.id));
    expect(calls[0].variables).toMatchObject({ id: PRODUCT_GID });
  });

  it("says another shop's link is not found, without asking the platform", async () => {
    const shop = await installedShop();
    const theirs = await linkedShirt(await installedShop());
    const data = await load(shop, `?mapping=${theirs.id}`);
    expect(data.mapping).toMatchObject({ association: null, variants: null, failure: { code: "not_found" } });
  });
});

describe("linked products page action", () => {
  it("replaces a link's mapping: both store variants sold as the same variation", async () => {
    const shop = await installedShop();
    const link = await linkedShirt(shop);
    storeProduct(shop);
    const pairs = variants.map((variant) => ({ supplierVariationId: "510", platformVariantId: variant.id }));
    const response = await post(shop, {
      intent: "variants",
      associationId: link.id,
      variantAssociations: JSON.stringify(pairs),
    });
    expect(response.status).toBe(200);
    const stored = await prisma.productAssociation.findUniqueOrThrow({ where: { id: link.id } });
    expect(JSON.parse(stored.variantAssociations)).toEqual(pairs.map((pair) => ({ ...pair, barcode: "SUP-S" })));
  });

  it("answers a store variant mapped twice on its row and field, keeping the stored mapping", async () => {
    const shop = await installedShop();
    const link = await linkedShirt(shop);
    storeProduct(shop);
    const pairs = [
      { supplierVariationId: "510", platformVariantId: variants[0].id },
      { supplierVariationId: "511", platformVariantId: variants[0].id },
    ];
    const response = await post(shop, {
      intent: "variants",
      associationId: link.id,
      variantAssociations: JSON.stringify(pairs),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      code: "variant_mapped_twice",
      field: "platformVariantId",
      index: 1,
    });
    const stored = await prisma.productAssociation.findUniqueOrThrow({ where: { id: link.id } });
    expect(stored.variantAssociations).toBe(link.variantAssociations);
  });

  it("removes a link of the shop, and only of the shop", async () => {
    const shop = await installedShop();
    const mine = await createAssociation(shop);
    const theirs = await createAssociation(await installedShop());
    expect((await post(shop, { intent: "delete", associationId: theirs.id })).status).toBe(404);
    const response = await post(shop, { intent: "delete", associationId: mine.id });
    expect(await response.json()).toEqual({ success: true, associationId: mine.id });
    expect(await prisma.productAssociation.count({ where: { id: { in: [mine.id, theirs.id] } } })).toBe(1);
  });
});
