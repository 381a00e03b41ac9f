import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as updateMapping } from "~/routes/api.products.association.variants";
import { loader as listAssociations } from "~/routes/api.products.associations";
import { action as importProduct } from "~/routes/api.products.import";
import { createAssociation, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { mockPlatform, type OperationResolver } from "../mocks/platform";

const PRODUCT_GID = "gid://shopify/Product/77";
const sizes = ["S", "M", "L"];
const colours = ["Negro", "Azul"];
/** The store's Size x Colour product: 6 variants, ids 7700..7721. */
const storeVariants = sizes.flatMap((size, i) =>
  colours.map((colour, j) => ({
    id: `gid://shopify/ProductVariant/77${i}${j}`,
    title: `${size} / ${colour}`,
    price: "59900.00",
    sku: null,
    barcode: null,
    inventoryQuantity: 5,
    availableForSale: true,
    selectedOptions: [
      { name: "Talla", value: size },
      { name: "Color", value: colour },
    ],
  })),
);
/** The supplier sells the same shirt by size only: 3 variations. */
const supplierProduct = {
  id: "3100",
  name: "Camiseta deportiva",
  title: "Camiseta deportiva",
  description: "Tela fresca",
  price: 30000,
  stock: 30,
  gallery: [],
  variations: sizes.map((size, i) => ({
    id: `31${i}`,
    sku: `SUP-${size}`,
    price: 30000,
    stock: 10,
    attributes: [{ name: "Talla", value: size }],
  })),
};
/** Every store variant mapped to the supplier variation of its size: two store variants share each variation. */
const sixPairs = storeVariants.map((variant, index) => ({
  platformVariantId: variant.id,
  supplierVariationId: `31${Math.floor(index / 2)}`,
}));

function platform(shop: string) {
  const resolvers: Record<string, OperationResolver> = {
    ProductVariants: () => ({ product: { id: PRODUCT_GID, title: "Camiseta", variants: { nodes: storeVariants } } }),
    ProductVariantsBarcodes: (variables) => ({
      productVariantsBulkUpdate: { productVariants: variables.variants, userErrors: [] },
    }),
  };
  return mockPlatform(shop, resolvers);
}

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

async function link(shop: string, pairs: unknown, extra: Record<string, string> = {}) {
  return importProduct({
    request: await adminRequest(
      "/api/products/import",
      shop,
      formBody({
        supplierProductId: supplierProduct.id,
        supplierProductData: JSON.stringify(supplierProduct),
        platformProductId: PRODUCT_GID,
        variantAssociations: JSON.stringify(pairs),
        ...extra,
      }),
    ),
    params: {},
    context: {},
  });
}

async function edit(shop: string, associationId: string, pairs: unknown) {
  return updateMapping({
    request: await adminRequest(
      "/api/products/association/variants",
      shop,
      formBody({ associationId, variantAssociations: JSON.stringify(pairs) }),
    ),
    params: {},
    context: {},
  });
}

async function readBack(shop: string) {
  const response = await listAssociations({
    request: await adminRequest("/api/products/associations", shop),
    params: {},
    context: {},
  });
  return (await response.json()).associations[0];
}

describe("variant mapping keyed by store variant", () => {
  it("saves a 6-variant Size x Colour mapping where store variants share supplier variations and reads it back", async () => {
    const shop = await installedShop();
    platform(shop);
    const response = await link(shop, sixPairs);
    expect(response.status).toBe(200);

    const association = await readBack(shop);
    expect(association.variantAssociations).toEqual(
      sixPairs.map((pair) => ({ ...pair, barcode: `SUP-${sizes[Number(pair.supplierVariationId.slice(2))]}` })),
    );
    expect(association.supplierVariations).toEqual(
      supplierProduct.variations.map(({ id, sku, attributes }) => ({ id, sku, attributes })),
    );
  });

  it("refuses a store variant mapped twice with its own code, on the row and field it concerns", async () => {
    const shop = await installedShop();
    platform(shop);
    const pairs = [...sixPairs.slice(0, 3), { ...sixPairs[1], supplierVariationId: "312" }];
    const response = await link(shop, pairs);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "variantAssociations.3.platformVariantId: this store variant is mapped in another row too",
      code: "variant_mapped_twice",
      field: "platformVariantId",
      index: 3,
      otherIndex: 1,
    });
    expect(await prisma.productAssociation.count({ where: { shop } })).toBe(0);
  });

  it("refuses a supplier variation the product does not have with variation_unknown", async () => {
    const shop = await installedShop();
    platform(shop);
    const response = await link(shop, [{ ...sixPairs[0], supplierVariationId: "999" }]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "variation_unknown", field: "supplierVariationId", index: 0 });
  });

  it("edits the mapping of a link later: pairs replaced, the store product untouched", async () => {
    const shop = await installedShop();
    const calls = platform(shop);
    await link(shop, sixPairs.slice(0, 2));
    const { id } = await readBack(shop);

    const response = await edit(shop, id, sixPairs);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(
      body.association.variantAssociations.map((pair: { platformVariantId: string }) => pair.platformVariantId),
    ).toEqual(storeVariants.map((variant) => variant.id));
    expect((await readBack(shop)).variantAssociations).toHaveLength(6);
    expect(calls.map((call) => call.operationName)).toEqual(["ProductVariants", "ProductVariants"]);
  });

  it("sets the new barcode on the store variants whose variation changed, when the link sets barcodes", async () => {
    const shop = await installedShop();
    const calls = platform(shop);
    await link(shop, sixPairs, { useSuggestedBarcode: "true" });
    const { id } = await readBack(shop);

    const changed = sixPairs.map((pair, index) => (index === 0 ? { ...pair, supplierVariationId: "312" } : pair));
    expect((await edit(shop, id, changed)).status).toBe(200);
    const barcodeCalls = calls.filter((call) => call.operationName === "ProductVariantsBarcodes");
    expect(barcodeCalls).toHaveLength(2);
    expect(barcodeCalls[1].variables.variants).toEqual([{ id: storeVariants[0].id, barcode: "SUP-L" }]);
  });

  it("refuses a duplicate in an edit and keeps the stored mapping", async () => {
    const shop = await installedShop();
    platform(shop);
    await link(shop, sixPairs);
    const { id } = await readBack(shop);
    const response = await edit(shop, id, [sixPairs[0], sixPairs[0]]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "variant_mapped_twice", field: "platformVariantId", index: 1 });
    expect((await readBack(shop)).variantAssociations).toHaveLength(6);
  });

  it("edits a link made before the variations were kept, with the variations its mapping named", async () => {
    const shop = await installedShop();
    platform(shop);
    const old = await createAssociation(shop);
    await prisma.productAssociation.update({
      where: { id: old.id },
      data: {
        platformProductId: PRODUCT_GID,
        variantAssociations: JSON.stringify([{ ...sixPairs[0], barcode: null }]),
      },
    });
    const ok = await edit(shop, old.id, [
      sixPairs[0],
      { ...sixPairs[1], supplierVariationId: sixPairs[0].supplierVariationId },
    ]);
    expect(ok.status).toBe(200);
    const unknown = await edit(shop, old.id, [sixPairs[2]]);
    expect(await unknown.json()).toMatchObject({ code: "variation_unknown" });
  });

  it("answers 404 for another shop's link", async () => {
    const shop = await installedShop();
    const other = await installedShop();
    const theirs = await createAssociation(other);
    platform(shop);
    const response = await edit(shop, theirs.id, sixPairs);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });
});
