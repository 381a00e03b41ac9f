import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/app.catalogue/route";
import { createAssociation, createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { mockPlatform } from "../mocks/platform";
import { mockSupplierProducts } from "../mocks/supplier";

const args = { params: {}, context: {} };

async function installedShop(supplierToken: string | null = "sup-token-1") {
  const shop = shopDomain();
  await createSession(shop);
  if (supplierToken) await createConfiguration(shop, { supplierToken, supplierCountry: "CO" });
  return shop;
}

const load = async (shop: string, query = "") =>
  loader({ request: await adminRequest(`/app/catalogue${query}`, shop), ...args });

const post = async (shop: string, fields: Record<string, string>) =>
  action({ request: await adminRequest("/app/catalogue", shop, formBody(fields)), ...args });

describe("catalogue page loader", () => {
  it("lists the supplier's page asked for in the URL with the shop's links of those products", async () => {
    const shop = await installedShop();
    const link = await createAssociation(shop, { supplierProductId: "2061984" });
    await createAssociation(await installedShop(), { supplierProductId: "2061983" });
    const calls = mockSupplierProducts();

    const data = await load(shop, "?q=%20camiseta%20&page=3");

    expect(data.configured).toBe(true);
    if (!data.configured) return;
    expect(data.search).toEqual({ q: "camiseta", filter: "favorites", page: 3 });
    expect(data.currency).toBe("COP");
    expect(data.catalogue.products.map((product) => product.id)).toEqual(["2061983", "2061984"]);
    // Another shop's link of 2061983 is not this shop's.
    expect(data.links).toEqual({ "2061984": link.id });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get("supplier-integration-key")).toBe("sup-token-1");
    expect(calls[0].body).toMatchObject({ pageSize: 24, startData: 48, keywords: "camiseta" });
  });

  it("asks the marketplace nothing and says so when no supplier token is saved", async () => {
    const shop = await installedShop(null);
    const calls = mockSupplierProducts();
    expect(await load(shop, "?filter=private")).toEqual({
      configured: false,
      search: { q: "", filter: "private", page: 1 },
    });
    expect(calls).toHaveLength(0);
  });

  it("reads an unreadable filter or page as the first page of favourites", async () => {
    const shop = await installedShop();
    const calls = mockSupplierProducts();
    const data = await load(shop, "?filter=everything&page=-2");
    expect(data.search).toEqual({ q: "", filter: "favorites", page: 1 });
    expect(calls[0].body).toMatchObject({ startData: 0 });
  });
});

describe("catalogue page action", () => {
  const product = {
    id: "3100",
    name: "Camiseta deportiva",
    title: "Camiseta deportiva",
    description: "",
    price: 30000,
    stock: 3,
    gallery: [],
    variations: [{ id: "310", sku: "SUP-S", price: 30000, stock: 3, attributes: [{ name: "Talla", value: "S" }] }],
  };
  const variant = {
    id: "gid://shopify/ProductVariant/7700",
    title: "S",
    price: "59900.00",
    sku: null,
    barcode: null,
    inventoryQuantity: 5,
    availableForSale: true,
    selectedOptions: [{ name: "Talla", value: "S" }],
  };

  it("links the supplier product through the import service and stores the mapping", async () => {
    const shop = await installedShop();
    mockPlatform(shop, {
      ProductVariants: () => ({
        product: { id: "gid://shopify/Product/77", title: "Camiseta", variants: { nodes: [variant] } },
      }),
    });
    const response = await post(shop, {
      intent: "link",
      supplierProductId: product.id,
      supplierProductData: JSON.stringify(product),
      platformProductId: "gid://shopify/Product/77",
      supplierVariations: JSON.stringify(product.variations),
      variantAssociations: JSON.stringify([{ supplierVariationId: "310", platformVariantId: variant.id }]),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, association: { supplierProductId: "3100" } });
    const stored = await prisma.productAssociation.findFirstOrThrow({ where: { shop } });
    expect(JSON.parse(stored.variantAssociations)).toEqual([
      { supplierVariationId: "310", platformVariantId: variant.id, barcode: "SUP-S" },
    ]);
  });

  it("answers a refused field with its code and field, storing nothing", async () => {
    const shop = await installedShop();
    const response = await post(shop, {
      intent: "link",
      supplierProductId: product.id,
      supplierProductData: JSON.stringify(product),
      platformProductId: "not-a-product",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "invalid_input", field: "platformProductId" });
    expect(await prisma.productAssociation.count({ where: { shop } })).toBe(0);
  });

  it("refuses an intent the page does not have", async () => {
    const shop = await installedShop();
    const response = await post(shop, { intent: "delete-everything" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_input", field: "intent" });
  });

  it("answers 401 without a session token", async () => {
    const response = await action({
      request: new Request("http://localhost/app/catalogue", formBody({ intent: "link" })),
      ...args,
    });
    expect(response.status).toBe(401);
  });
});
