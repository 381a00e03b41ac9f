import type { LoaderFunctionArgs } from "@remix-run/node";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { action as pollAction, loader as pollLoader } from "~/routes/api.orders.poll";
import { loader as productVariants } from "~/routes/api.platform.product.variants";
import { loader as platformProducts } from "~/routes/api.platform.products";
import { deleteShopData } from "~/services/shops/lifecycle.server";
import { installedAt, recordInstallation } from "~/services/shops/installation.server";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest } from "../helpers/requests";
import { mockPlatform, platformProduct, platformVariant } from "../mocks/platform";

type Handler = (args: LoaderFunctionArgs) => Promise<Response>;
const call = (handler: Handler, request: Request) => handler({ request, params: {}, context: {} });

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop, { accessToken: `shpat_${shop}` });
  return shop;
}

describe("GET /api/platform/products", () => {
  it("maps products with the spec's fields using the shop's offline token", async () => {
    const shop = await installedShop();
    const product = platformProduct({ id: "gid://shopify/Product/4242", title: "Camiseta" });
    const calls = mockPlatform(shop, {
      Products: () => ({ products: { nodes: [product], pageInfo: { hasNextPage: false, endCursor: null } } }),
    });
    const response = await call(platformProducts, await adminRequest("/api/platform/products", shop));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      products: [
        {
          id: "gid://shopify/Product/4242",
          title: "Camiseta",
          handle: product.handle,
          status: "ACTIVE",
          featuredImage: product.featuredMedia.preview.image,
          variants: product.variants.nodes,
        },
      ],
    });
    expect(calls[0].accessToken).toBe(`shpat_${shop}`);
  });

  it("follows the cursor in pages of 50 and stops at 250", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, {
      Products: (variables, n) => ({
        products: {
          nodes: Array.from({ length: Number(variables.first) }, () => platformProduct({ variantCount: 1 })),
          pageInfo: { hasNextPage: true, endCursor: `cursor-${n}` },
        },
      }),
    });
    const body = await (await call(platformProducts, await adminRequest("/api/platform/products", shop))).json();
    expect(body.products).toHaveLength(250);
    expect(calls.map((c) => c.variables)).toEqual([
      { first: 50, after: null, variantsFirst: 10 },
      { first: 50, after: "cursor-1", variantsFirst: 10 },
      { first: 50, after: "cursor-2", variantsFirst: 10 },
      { first: 50, after: "cursor-3", variantsFirst: 10 },
      { first: 50, after: "cursor-4", variantsFirst: 10 },
    ]);
  });

  it("answers the platform's refusal as a failure body", async () => {
    const shop = await installedShop();
    mockPlatform(shop, { Products: () => new HttpResponse(null, { status: 401 }) });
    const response = await call(platformProducts, await adminRequest("/api/platform/products", shop));
    expect(response.status).toBe(502);
    expect((await response.json()).success).toBe(false);
  });
});

describe("GET /api/platform/product/variants", () => {
  const variantsOf = async (shop: string, productId: string | null) =>
    call(
      productVariants,
      await adminRequest(
        `/api/platform/product/variants${productId === null ? "" : `?productId=${encodeURIComponent(productId)}`}`,
        shop,
      ),
    );

  it("answers the product and its variants, asking for 250, from the spec's gid form", async () => {
    const shop = await installedShop();
    const variants = [platformVariant("55", 1), platformVariant("55", 2, { barcode: "7701234", inventoryQuantity: 0 })];
    const calls = mockPlatform(shop, {
      ProductVariants: () => ({
        product: { id: "gid://shopify/Product/55", title: "Camiseta", variants: { nodes: variants } },
      }),
    });
    const response = await variantsOf(shop, "gid://platform/Product/55");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      product: { id: "gid://shopify/Product/55", title: "Camiseta" },
      variants,
    });
    expect(calls[0].variables).toEqual({ id: "gid://shopify/Product/55", first: 250 });
  });

  it("accepts the platform's real gid form", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, {
      ProductVariants: () => ({ product: { id: "gid://shopify/Product/56", title: "X", variants: { nodes: [] } } }),
    });
    expect((await variantsOf(shop, "gid://shopify/Product/56")).status).toBe(200);
    expect(calls[0].variables.id).toBe("gid://shopify/Product/56");
  });

  it("answers 400 naming productId when it is missing", async () => {
    const shop = await installedShop();
    const response = await variantsOf(shop, null);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("productId: is required");
  });

  for (const malformed of ["123", "gid://shopify/Order/55", "gid://shopify/Product/abc"]) {
    it(`answers 400 for the malformed id ${malformed}`, async () => {
      const shop = await installedShop();
      const response = await variantsOf(shop, malformed);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/^productId: must be an id like gid:\/\/platform\/Product\/123/);
    });
  }

  it("answers 404 for a product the shop does not have", async () => {
    const shop = await installedShop();
    mockPlatform(shop, { ProductVariants: () => ({ product: null }) });
    const response = await variantsOf(shop, "gid://platform/Product/999");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: "Product not found in this shop" });
  });
});

describe("GET or POST /api/orders/poll", () => {
  const order = (n: number) => ({
    id: `gid://shopify/Order/${n}`,
    name: `#${1000 + n}`,
    createdAt: `2026-11-2${n % 10}T10:00:00Z`,
    displayFinancialStatus: "PENDING",
    displayFulfillmentStatus: "UNFULFILLED",
    totalPriceSet: { shopMoney: { amount: "146000.00", currencyCode: "COP" } },
    lineItems: {
      nodes: [
        {
          id: `gid://shopify/LineItem/${n}1`,
          name: "Camiseta deportiva - S",
          quantity: 2,
          sku: "CAM-S",
          variant: { id: "gid://shopify/ProductVariant/551", title: "S" },
          product: { id: "gid://shopify/Product/55" },
        },
      ],
    },
    shippingAddress: {
      firstName: "Ana",
      lastName: "Gómez",
      address1: "Calle 1 # 2-3",
      city: "Bogotá",
      province: "Cundinamarca",
      country: "Colombia",
      zip: "110111",
      phone: "+573001234567",
    },
    customer: {
      id: "gid://shopify/Customer/9",
      firstName: "Ana",
      lastName: "Gómez",
      defaultEmailAddress: { emailAddress: "ana@example.test" },
      defaultPhoneNumber: { phoneNumber: "+573001234567" },
    },
    tags: ["automation-pending"],
    note: null,
  });

  it("answers the 10 newest orders with every field of the spec's Order", async () => {
    const shop = await installedShop();
    const calls = mockPlatform(shop, { RecentOrders: () => ({ orders: { nodes: [order(1)] } }) });
    const response = await call(pollLoader, await adminRequest("/api/orders/poll", shop));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      count: 1,
      // No install recorded for a shop whose session a test wrote directly.
      installedAt: null,
      orders: [
        {
          id: "gid://shopify/Order/1",
          name: "#1001",
          createdAt: "2026-11-21T10:00:00Z",
          financialStatus: "PENDING",
          fulfillmentStatus: "UNFULFILLED",
          totalPrice: "146000.00",
          currency: "COP",
          lineItems: [
            {
              id: "gid://shopify/LineItem/11",
              name: "Camiseta deportiva - S",
              quantity: 2,
              variant: "S",
              variantId: "gid://shopify/ProductVariant/551",
              sku: "CAM-S",
              productId: "gid://shopify/Product/55",
            },
          ],
          shippingAddress: order(1).shippingAddress,
          customer: {
            id: "gid://shopify/Customer/9",
            email: "ana@example.test",
            firstName: "Ana",
            lastName: "Gómez",
            phone: "+573001234567",
          },
          tags: ["automation-pending"],
          note: "",
        },
      ],
    });
    expect(calls[0].variables).toEqual({ first: 10, lineItemsFirst: 20 });
    expect(calls[0].query).toContain("orders(first: $first, sortKey: CREATED_AT, reverse: true)");
  });

  it("tells when the app was installed, as the first authentication recorded it and later ones kept it", async () => {
    const shop = await installedShop();
    mockPlatform(shop, { RecentOrders: () => ({ orders: { nodes: [order(1)] } }) });
    await recordInstallation(shop, new Date("2026-11-21T12:00:00Z"));
    await recordInstallation(shop, new Date("2026-11-22T12:00:00Z"));
    const body = await (await call(pollLoader, await adminRequest("/api/orders/poll", shop))).json();
    expect(body.installedAt).toBe("2026-11-21T12:00:00.000Z");
    // The uninstall forgets it with the rest: a reinstall is a new install time.
    await deleteShopData(shop);
    expect(await installedAt(shop)).toBeNull();
  });

  it("answers POST the same way and never more than 10 orders", async () => {
    const shop = await installedShop();
    mockPlatform(shop, {
      RecentOrders: () => ({ orders: { nodes: Array.from({ length: 12 }, (_, i) => order(i + 1)) } }),
    });
    const response = await call(pollAction, await adminRequest("/api/orders/poll", shop, { method: "POST" }));
    const body = await response.json();
    expect(body.count).toBe(10);
    expect(body.orders).toHaveLength(10);
  });

  it("answers orders without customer or address with nulls", async () => {
    const shop = await installedShop();
    mockPlatform(shop, {
      RecentOrders: () => ({ orders: { nodes: [{ ...order(2), customer: null, shippingAddress: null }] } }),
    });
    const body = await (await call(pollLoader, await adminRequest("/api/orders/poll", shop))).json();
    expect(body.orders[0]).toMatchObject({ customer: null, shippingAddress: null });
  });

  it("answers 403 when the platform denies access to orders", async () => {
    const shop = await installedShop();
    mockPlatform(shop, {
      RecentOrders: () =>
        HttpResponse.json({
          errors: [{ message: "Access denied for orders field.", extensions: { code: "ACCESS_DENIED" } }],
        }),
    });
    const response = await call(pollLoader, await adminRequest("/api/orders/poll", shop));
    expect(response.status).toBe(403);
  });
});
