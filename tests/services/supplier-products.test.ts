import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { listSupplierProducts, type SupplierProductQuery } from "~/services/supplier/products.server";
import { TEST_ENV } from "../helpers/test-env";
import { mockSupplierProducts, SUPPLIER_PRODUCTS_URL, supplierReference } from "../mocks/supplier";
import { server } from "../mocks/server";

const browse: SupplierProductQuery = { pageSize: 50, startData: 0, privatedProduct: false, favorite: true };
const noSleep = async () => {};

const DEFAULTS = {
  pageSize: 50,
  startData: 0,
  keywords: "",
  userVerified: false,
  order_by: "created_at",
  order_type: "desc",
  with_collection: true,
  get_stock: true,
  no_count: false,
};

describe("supplier marketplace: the outbound request", () => {
  it("sends the token, Origin and Referer headers to the product index", async () => {
    const calls = mockSupplierProducts();
    await listSupplierProducts("supplier-token-1234", browse);
    expect(calls).toHaveLength(1);
    const { headers } = calls[0];
    expect(headers.get("supplier-integration-key")).toBe("supplier-token-1234");
    expect(headers.get("Origin")).toBe(TEST_ENV.SUPPLIER_ORIGIN);
    expect(headers.get("Referer")).toBe(TEST_ENV.SUPPLIER_ORIGIN);
    expect(headers.get("Content-Type")).toBe("application/json");
  });

  it("browses favourites with the spec's defaults and favorite: true only", async () => {
    const calls = mockSupplierProducts();
    await listSupplierProducts("t", browse);
    expect(calls[0].body).toEqual({ ...DEFAULTS, favorite: true });
  });

  it("browses private products with privated_product: true and no favorite flag", async () => {
    const calls = mockSupplierProducts();
    await listSupplierProducts("t", { ...browse, privatedProduct: true, pageSize: 20, startData: 40 });
    expect(calls[0].body).toEqual({ ...DEFAULTS, pageSize: 20, startData: 40, privated_product: true });
    expect(calls[0].body).not.toHaveProperty("favorite");
  });

  it("searches with keywords and hasSearch only, without the favourite and private filters", async () => {
    const calls = mockSupplierProducts();
    await listSupplierProducts("t", { ...browse, keywords: "  lampara  ", privatedProduct: true });
    expect(calls[0].body).toEqual({ ...DEFAULTS, keywords: "lampara", hasSearch: true });
  });
});

describe("supplier marketplace: mapping", () => {
  it("maps the deployed shape: gallery URLs from urlS3, string prices, VARIABLE products priced on variations", async () => {
    mockSupplierProducts();
    const page = await listSupplierProducts("t", browse);
    expect(page.upstreamError).toBeNull();
    expect(page.total).toBe(2);
    const [kit, shirt] = page.products;
    expect(kit).toEqual({
      id: "2061983",
      name: "Kit organizador",
      title: "Kit organizador",
      description: "Kit de 3 piezas",
      price: 30000,
      stock: 1200,
      gallery: [
        {
          urlS3: "colombia/products/2061983/a1.webp",
          url: `${TEST_ENV.SUPPLIER_IMAGE_BASE_URL}/colombia/products/2061983/a1.webp`,
        },
        {
          urlS3: "colombia/products/2061983/a2.webp",
          url: "https://cdn.example.test/colombia/products/2061983/a2.webp",
        },
      ],
      variations: [{ id: "2061983", sku: "KIT-ORG-3", price: 30000, stock: 1200, attributes: [] }],
    });
    expect(shirt.price).toBe(73000);
    expect(shirt.description).toBe("");
    expect(shirt.stock).toBe(100);
    expect(shirt.variations).toEqual([
      { id: "1962684", sku: "CAM-S", price: 73000, stock: 100, attributes: [{ name: "Talla", value: "S" }] },
      { id: "1962685", sku: "CAM-M", price: 73000, stock: 0, attributes: [{ name: "Talla", value: "M" }] },
    ]);
  });

  it("maps the spec's shape: an array whose first element holds objects and count, images and variants", async () => {
    mockSupplierProducts(() => HttpResponse.json(supplierReference.spec_shape));
    const page = await listSupplierProducts("t", browse);
    expect(page.total).toBe(1);
    expect(page.products).toEqual([
      {
        id: "1001",
        name: "Lampara LED recargable",
        title: "Lampara LED recargable",
        description: "<p>Lampara <b>portatil</b></p>",
        price: 45000,
        stock: 12,
        gallery: [{ urlS3: "https://cdn.example.test/p/1001-1.webp", url: "https://cdn.example.test/p/1001-1.webp" }],
        variations: [{ id: "5001", sku: "LAMP-01", price: 45000, stock: 12, attributes: [] }],
      },
    ]);
  });
});

describe("supplier marketplace: failures give an empty list and the reason", () => {
  it("reports rate limiting (HTTP 429) as rate_limited without retrying", async () => {
    const calls = mockSupplierProducts(() => HttpResponse.json({ message: "Too Many Attempts." }, { status: 429 }));
    const page = await listSupplierProducts("t", browse, { sleep: noSleep });
    expect(page).toMatchObject({ products: [], total: 0, upstreamError: { code: "rate_limited" } });
    expect(calls).toHaveLength(1);
  });

  it("recognises 'Too Many Attempts' in a 200 answer as rate limiting", async () => {
    mockSupplierProducts(() => HttpResponse.json({ isSuccess: false, status: 429, message: "Too Many Attempts." }));
    const page = await listSupplierProducts("t", browse);
    expect(page.upstreamError?.code).toBe("rate_limited");
  });

  it("lists products whose own text mentions too many attempts", async () => {
    const [page] = supplierReference.spec_shape;
    const product = { ...page.objects[0], name: "Candado: bloqueo tras too many attempts" };
    mockSupplierProducts(() => HttpResponse.json([{ ...page, objects: [product] }]));
    const result = await listSupplierProducts("t", browse);
    expect(result.upstreamError).toBeNull();
    expect(result.products.map((p) => p.name)).toEqual(["Candado: bloqueo tras too many attempts"]);
  });

  it("recognises 'Too Many Attempts' in a plain-text answer as rate limiting", async () => {
    mockSupplierProducts(() => HttpResponse.text("Too Many Attempts."));
    const result = await listSupplierProducts("t", browse);
    expect(result.upstreamError?.code).toBe("rate_limited");
  });

  it("retries a 5xx once, then reports unavailable", async () => {
    const calls = mockSupplierProducts(() => new HttpResponse("bad gateway", { status: 502 }));
    const page = await listSupplierProducts("t", browse, { sleep: noSleep });
    expect(calls).toHaveLength(2);
    expect(page).toEqual({
      products: [],
      total: 0,
      upstreamError: { code: "unavailable", message: "The supplier marketplace failed (HTTP 502)" },
    });
  });

  it("reports a network failure as unavailable", async () => {
    server.use(http.post(SUPPLIER_PRODUCTS_URL, () => HttpResponse.error()));
    const page = await listSupplierProducts("t", browse, { sleep: noSleep });
    expect(page.upstreamError?.code).toBe("unavailable");
  });

  it("reports a refused token as rejected", async () => {
    mockSupplierProducts(() => HttpResponse.json({ message: "Unauthenticated." }, { status: 401 }));
    const page = await listSupplierProducts("t", browse);
    expect(page.upstreamError?.code).toBe("rejected");
    expect(page.upstreamError?.message).toMatch(/refused the supplier token/);
  });

  it("reports isSuccess: false as rejected with the marketplace's message", async () => {
    mockSupplierProducts(() => HttpResponse.json({ isSuccess: false, status: 400, message: "Tienda inactiva" }));
    const page = await listSupplierProducts("t", browse);
    expect(page.upstreamError).toEqual({
      code: "rejected",
      message: "The supplier marketplace refused the request: Tienda inactiva",
    });
  });

  it("reports an answer it cannot read as unavailable", async () => {
    mockSupplierProducts(() => HttpResponse.text("<html>maintenance</html>"));
    const page = await listSupplierProducts("t", browse);
    expect(page.upstreamError?.code).toBe("unavailable");
  });
});
