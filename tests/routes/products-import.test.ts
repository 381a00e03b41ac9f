import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as importProduct } from "~/routes/api.products.import";
import { createAssociation, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { mockPlatform, platformVariant, type OperationResolver } from "../mocks/platform";
import { supplierReference } from "../mocks/supplier";

const PRODUCT_GID = "gid://shopify/Product/55";

/** A supplier product as GET /api/supplier/products answers it (a VARIABLE product with two sizes). */
const supplierProduct = {
  id: "2061984",
  name: "Camiseta deportiva",
  title: "Camiseta deportiva",
  description: '<p onclick="steal()">Tela <b>fresca</b><script>alert(1)</script><img src="x" onerror="x()"></p>',
  price: 73000,
  stock: 100,
  gallery: Array.from({ length: 7 }, (_, i) => ({
    urlS3: `colombia/products/2061984/${i}.webp`,
    url: `${TEST_ENV.SUPPLIER_IMAGE_BASE_URL}/colombia/products/2061984/${i}.webp`,
  })),
  variations: [
    { id: "1962684", sku: "CAM-S", price: 73000, stock: 100, attributes: [{ name: "Talla", value: "S" }] },
    { id: "1962685", sku: "CAM-M", price: 73000, stock: 0, attributes: [{ name: "Talla", value: "M" }] },
  ],
};

const variantAssociations = [
  { supplierVariationId: "1962684", platformVariantId: "gid://platform/ProductVariant/551" },
  { supplierVariationId: 1962685, platformVariantId: "gid://shopify/ProductVariant/552" },
];

function form(overrides: Record<string, string> = {}) {
  return {
    supplierProductId: "2061984",
    supplierProductData: JSON.stringify(supplierProduct),
    platformProductId: "gid://platform/Product/55",
    ...overrides,
  };
}

const productVariants: OperationResolver = () => ({
  product: {
    id: PRODUCT_GID,
    title: "Camiseta tienda",
    variants: { nodes: [platformVariant("55", 1), platformVariant("55", 2)] },
  },
});

const okMutations: Record<string, OperationResolver> = {
  ProductVariants: productVariants,
  ProductUpdate: (variables) => ({
    productUpdate: {
      product: { id: PRODUCT_GID, title: (variables.product as { title?: string }).title ?? "Camiseta tienda" },
      userErrors: [],
    },
  }),
  ProductVariantsBarcodes: (variables) => ({
    productVariantsBulkUpdate: { productVariants: variables.variants, userErrors: [] },
  }),
  ProductAddMedia: () => ({
    productUpdate: { product: { id: PRODUCT_GID }, userErrors: [] },
  }),
};

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

async function post(shop: string, fields: Record<string, string>) {
  return importProduct({
    request: await adminRequest("/api/products/import", shop, formBody(fields)),
    params: {},
    context: {},
  });
}

const mutations = (calls: { operationName: string }[]) =>
  calls.filter((c) => c.operationName !== "ProductVariants").map((c) => c.operationName);

describe("POST /api/products/import: linking", () => {
  it("links without changing the product and stores every field of the association", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const response = await post(shop, form());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, message: 'Linked "Camiseta deportiva" to "Camiseta tienda"' });
    expect(body.association).toEqual({
      id: expect.any(String),
      shop,
      supplierProductId: "2061984",
      platformProductId: PRODUCT_GID,
      supplierProductName: "Camiseta deportiva",
      platformProductTitle: "Camiseta tienda",
      importType: "link",
      saveSupplierName: false,
      saveSupplierDescription: false,
      useSuggestedBarcode: false,
      saveSupplierImages: false,
      variantAssociations: [],
      supplierVariations: [
        { id: "1962684", sku: "CAM-S", attributes: [{ name: "Talla", value: "S" }] },
        { id: "1962685", sku: "CAM-M", attributes: [{ name: "Talla", value: "M" }] },
      ],
      imagesAdded: 0,
      lastSyncedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      createdAt: expect.any(String),
    });
    expect(calls.map((c) => c.operationName)).toEqual(["ProductVariants"]);
    expect(await prisma.productAssociation.count({ where: { shop } })).toBe(1);
  });

  it("sets the title with ProductUpdate when saveSupplierName is on", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const response = await post(shop, form({ saveSupplierName: "on" }));
    expect(response.status).toBe(200);
    const update = calls.find((c) => c.operationName === "ProductUpdate");
    expect(update?.variables).toEqual({ product: { id: PRODUCT_GID, title: "Camiseta deportiva" } });
    expect(update?.query).toContain("productUpdate(product: $product)");
    expect((await response.json()).association).toMatchObject({
      saveSupplierName: true,
      platformProductTitle: "Camiseta deportiva",
    });
  });

  it("sets a sanitised description with ProductUpdate when saveSupplierDescription is on", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const response = await post(shop, form({ saveSupplierDescription: "true" }));
    expect(response.status).toBe(200);
    expect(calls.find((c) => c.operationName === "ProductUpdate")?.variables).toEqual({
      product: { id: PRODUCT_GID, descriptionHtml: "<p>Tela <b>fresca</b></p>" },
    });
  });

  it("turns a plain-text description into escaped paragraphs", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const product = { ...supplierProduct, description: "Kit de 3 piezas\n<50 cm>\n\nLavable" };
    await post(shop, form({ supplierProductData: JSON.stringify(product), saveSupplierDescription: "1" }));
    expect(calls.find((c) => c.operationName === "ProductUpdate")?.variables).toEqual({
      product: { id: PRODUCT_GID, descriptionHtml: "<p>Kit de 3 piezas<br />&lt;50 cm&gt;</p><p>Lavable</p>" },
    });
  });

  it("sends title and description in one ProductUpdate when both are asked", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    await post(shop, form({ saveSupplierName: "yes", saveSupplierDescription: "TRUE" }));
    expect(mutations(calls)).toEqual(["ProductUpdate"]);
    expect(calls[1].variables).toEqual({
      product: { id: PRODUCT_GID, title: "Camiseta deportiva", descriptionHtml: "<p>Tela <b>fresca</b></p>" },
    });
  });

  it("sets the suggested barcodes on the mapped variants with productVariantsBulkUpdate", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const response = await post(
      shop,
      form({ useSuggestedBarcode: "true", variantAssociations: JSON.stringify(variantAssociations) }),
    );
    expect(response.status).toBe(200);
    const barcodes = calls.find((c) => c.operationName === "ProductVariantsBarcodes");
    expect(barcodes?.query).toContain("productVariantsBulkUpdate(productId: $productId, variants: $variants)");
    expect(barcodes?.variables).toEqual({
      productId: PRODUCT_GID,
      variants: [
        { id: "gid://shopify/ProductVariant/551", barcode: "CAM-S" },
        { id: "gid://shopify/ProductVariant/552", barcode: "CAM-M" },
      ],
    });
    expect((await response.json()).association.variantAssociations).toEqual([
      { supplierVariationId: "1962684", platformVariantId: "gid://shopify/ProductVariant/551", barcode: "CAM-S" },
      { supplierVariationId: "1962685", platformVariantId: "gid://shopify/ProductVariant/552", barcode: "CAM-M" },
    ]);
  });

  it("prefers a barcode given in the mapping and the variations sent in supplierVariations", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    await post(
      shop,
      form({
        useSuggestedBarcode: "1",
        supplierVariations: JSON.stringify([{ id: 1962684, sku: "SKU-FROM-FORM", sale_price: "1.00" }]),
        variantAssociations: JSON.stringify([
          { supplierVariantId: "1962684", platformVariantId: "gid://shopify/ProductVariant/551" },
          { supplierVariationId: "1962684", platformVariantId: "gid://shopify/ProductVariant/552", barcode: "7701" },
        ]),
      }),
    );
    expect(calls.find((c) => c.operationName === "ProductVariantsBarcodes")?.variables.variants).toEqual([
      { id: "gid://shopify/ProductVariant/551", barcode: "SKU-FROM-FORM" },
      { id: "gid://shopify/ProductVariant/552", barcode: "7701" },
    ]);
  });

  it("appends at most 5 gallery images with productUpdate's media, productCreateMedia's replacement", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const response = await post(shop, form({ saveSupplierImages: "true" }));
    expect(response.status).toBe(200);
    const media = calls.find((c) => c.operationName === "ProductAddMedia");
    expect(media?.query).toContain("productUpdate(product: $product, media: $media)");
    expect(media?.variables).toEqual({
      product: { id: PRODUCT_GID },
      media: supplierProduct.gallery.slice(0, 5).map((image) => ({
        originalSource: image.url,
        mediaContentType: "IMAGE",
        alt: "Camiseta deportiva",
      })),
    });
    const body = await response.json();
    expect(body.association.imagesAdded).toBe(5);
    expect(body.message).toContain("5 images added");
  });

  it("accepts the marketplace's own shape and builds image URLs from urlS3", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const raw = supplierReference.deployed_shape.objects[0];
    const response = await post(
      shop,
      form({ supplierProductId: String(raw.id), supplierProductData: JSON.stringify(raw), saveSupplierImages: "true" }),
    );
    expect(response.status).toBe(200);
    expect(calls.find((c) => c.operationName === "ProductAddMedia")?.variables.media).toEqual([
      {
        originalSource: `${TEST_ENV.SUPPLIER_IMAGE_BASE_URL}/colombia/products/2061983/a1.webp`,
        mediaContentType: "IMAGE",
        alt: "Kit organizador",
      },
      {
        originalSource: "https://cdn.example.test/colombia/products/2061983/a2.webp",
        mediaContentType: "IMAGE",
        alt: "Kit organizador",
      },
    ]);
  });

  it("runs every option in order: product update, barcodes, images", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const response = await post(
      shop,
      form({
        saveSupplierName: "true",
        saveSupplierDescription: "true",
        useSuggestedBarcode: "true",
        saveSupplierImages: "true",
        variantAssociations: JSON.stringify(variantAssociations),
      }),
    );
    expect(response.status).toBe(200);
    expect(mutations(calls)).toEqual(["ProductUpdate", "ProductVariantsBarcodes", "ProductAddMedia"]);
  });
});

describe("POST /api/products/import: refusals", () => {
  it("refuses a supplier product already linked in this shop with 409 and the existing association", async () => {
    const shop = await installedShop();
    const existing = await createAssociation(shop, { supplierProductId: "2061984" });
    const calls = mockPlatform(shop, okMutations);
    const response = await post(shop, form({ saveSupplierName: "true" }));
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body).toMatchObject({ success: false, association: { id: existing.id, supplierProductId: "2061984" } });
    expect(body.error).toMatch(/already linked/);
    expect(calls).toHaveLength(0);
  });

  it("links the same supplier product in another shop", async () => {
    const [shop, other] = [await installedShop(), await installedShop()];
    await createAssociation(other, { supplierProductId: "2061984" });
    mockPlatform(shop, okMutations);
    expect((await post(shop, form())).status).toBe(200);
  });

  it("says clearly that creating new platform products is not supported", async () => {
    const shop = await installedShop();
    for (const fields of [form({ platformProductId: "new" }), form({ importType: "create" })]) {
      const response = await post(shop, fields);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/^Creating new platform products is not supported/);
    }
  });

  it("refuses a missing platform product id, saying new products are not supported", async () => {
    const shop = await installedShop();
    const response = await post(shop, form({ platformProductId: "" }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^platformProductId: is required\. Creating new platform products/);
  });

  const invalid: [string, Record<string, string>, string | RegExp][] = [
    [
      "supplierProductData that is not JSON",
      { supplierProductData: "{oops" },
      "supplierProductData: is not valid JSON",
    ],
    ["supplierProductData without an id", { supplierProductData: "{}" }, /^supplierProductData\.id: /],
    [
      "a platformProductId that is not a product gid",
      { platformProductId: "gid://shopify/Order/1" },
      /^platformProductId: must be an id/,
    ],
    ["a boolean it cannot read", { saveSupplierImages: "maybe" }, "saveSupplierImages: must be true or false"],
    ["variantAssociations that is not an array", { variantAssociations: "{}" }, /^variantAssociations: Expected array/],
    [
      "a variant gid of the wrong type",
      { variantAssociations: JSON.stringify([{ supplierVariationId: "1", platformVariantId: PRODUCT_GID }]) },
      /^variantAssociations\.0\.platformVariantId: must be an id like gid:\/\/platform\/ProductVariant/,
    ],
    ["supplierVariations that is not JSON", { supplierVariations: "[" }, "supplierVariations: is not valid JSON"],
    [
      "a product id that differs from the data",
      { supplierProductId: "1" },
      "supplierProductData: its id does not match supplierProductId",
    ],
  ];
  for (const [name, fields, error] of invalid) {
    it(`answers 400 for ${name}`, async () => {
      const shop = await installedShop();
      mockPlatform(shop, okMutations);
      const response = await post(shop, form(fields));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.success).toBe(false);
      if (typeof error === "string") expect(body.error).toBe(error);
      else expect(body.error).toMatch(error);
      expect(await prisma.productAssociation.count({ where: { shop } })).toBe(0);
    });
  }

  it("refuses a variant that belongs to another product before changing anything", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const response = await post(
      shop,
      form({
        saveSupplierName: "true",
        useSuggestedBarcode: "true",
        variantAssociations: JSON.stringify([
          { supplierVariationId: "1962684", platformVariantId: "gid://shopify/ProductVariant/999" },
        ]),
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(
      "variantAssociations.0.platformVariantId: not a variant of the chosen product",
    );
    expect(mutations(calls)).toEqual([]);
  });

  it("refuses a mapping to a supplier variation the product does not have", async () => {
    const shop = await installedShop();
    mockPlatform(shop, okMutations);
    const response = await post(
      shop,
      form({
        variantAssociations: JSON.stringify([
          { supplierVariationId: "404", platformVariantId: "gid://shopify/ProductVariant/551" },
        ]),
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(
      "variantAssociations.0.supplierVariationId: not a variation of the supplier product",
    );
  });

  it("refuses to copy images when the supplier product has none", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, okMutations);
    const product = { ...supplierProduct, gallery: [] };
    const response = await post(
      shop,
      form({ supplierProductData: JSON.stringify(product), saveSupplierName: "true", saveSupplierImages: "true" }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(
      "supplierProductData.gallery: the supplier product has no images to copy",
    );
    expect(mutations(calls)).toEqual([]);
  });

  it("refuses barcodes without any mapped variant", async () => {
    const shop = await installedShop();
    mockPlatform(shop, okMutations);
    const response = await post(shop, form({ useSuggestedBarcode: "true" }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^variantAssociations: map at least one variant/);
  });

  it("answers 404 when the platform product does not exist", async () => {
    const shop = await installedShop();
    mockPlatform(shop, { ProductVariants: () => ({ product: null }) });
    const response = await post(shop, form());
    expect(response.status).toBe(404);
  });
});

describe("POST /api/products/import: platform failures", () => {
  it("reports ProductUpdate userErrors with the step and stores nothing", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, {
      ...okMutations,
      ProductUpdate: () => ({
        productUpdate: { product: null, userErrors: [{ field: ["title"], message: "Title is too long" }] },
      }),
    });
    const response = await post(shop, form({ saveSupplierName: "true", saveSupplierImages: "true" }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      success: false,
      code: "platform_user_error",
      error:
        "Updating the product's title and description failed: title: Title is too long. Nothing was changed and the product was not linked",
      step: "productUpdate",
      completedSteps: [],
    });
    expect(mutations(calls)).toEqual(["ProductUpdate"]);
    expect(await prisma.productAssociation.count({ where: { shop } })).toBe(0);
  });

  it("names the steps already applied when a later step fails", async () => {
    const shop = await installedShop();
    mockPlatform(shop, {
      ...okMutations,
      ProductAddMedia: () => ({
        productUpdate: { product: null, userErrors: [{ field: ["media", "0"], message: "Invalid image URL" }] },
      }),
    });
    const response = await post(
      shop,
      form({
        saveSupplierName: "true",
        useSuggestedBarcode: "true",
        saveSupplierImages: "true",
        variantAssociations: JSON.stringify(variantAssociations),
      }),
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toMatchObject({ step: "images", completedSteps: ["productUpdate", "barcodes"] });
    expect(body.error).toBe(
      "Adding the supplier images failed: media.0: Invalid image URL. Already applied on the platform: updating the product's title and description, setting the variants' barcodes; the product was not linked",
    );
    expect(await prisma.productAssociation.count({ where: { shop } })).toBe(0);
  });

  it("reports a platform outage during a step with the step's name", async () => {
    const shop = await installedShop();
    mockPlatform(shop, {
      ...okMutations,
      ProductVariantsBarcodes: () => new HttpResponse(null, { status: 401 }),
    });
    const response = await post(
      shop,
      form({ useSuggestedBarcode: "true", variantAssociations: JSON.stringify(variantAssociations) }),
    );
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body.step).toBe("barcodes");
    expect(body.error).toMatch(/^Setting the variants' barcodes failed: The platform refused/);
  });
});
