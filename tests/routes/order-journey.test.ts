import { describe, expect, it } from "vitest";
import { loader, action } from "~/routes/api.orders.journey";
import { applyStatusEvents, insertStatusEvent } from "~/services/journey/record.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { createSession, shopDomain } from "../helpers/factories";
import { sessionToken } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";

const ORDER = { orderId: "gid://shopify/Order/5829301847221", orderName: "#1042" };

/** A request exactly as the order page's block sends it: bearer session token, the extensions' origin. */
async function blockRequest(path: string, shop: string | null) {
  const headers = new Headers({ Origin: "https://extensions.shopifycdn.com" });
  if (shop) headers.set("Authorization", `Bearer ${await sessionToken(shop)}`);
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}${path}`, { headers });
}

async function shopWithParcel() {
  const shop = shopDomain();
  await createSession(shop);
  await storeShopTimeZone(shop, "America/Bogota");
  for (const [rawStatus, at] of [
    ["GUIA GENERADA", "2026-11-24T14:00:00Z"],
    ["EN_TRANSITO", "2026-11-25T15:30:00Z"],
  ]) {
    await insertStatusEvent(shop, "push", {
      supplierOrderId: "SO-1",
      rawStatus,
      reportedAt: new Date(at),
      guide: "240012345678",
      carrier: "SERVIENTREGA",
    });
  }
  await applyStatusEvents(shop, "SO-1", { storeOrder: ORDER });
  return shop;
}

const get = async (path: string, shop: string | null) =>
  (await loader({ request: await blockRequest(path, shop), params: {}, context: {} })) as Response;

describe("GET /api/orders/journey (the order page's block)", () => {
  it("gives the order's supplier orders with their history and the shop's time zone", async () => {
    const shop = await shopWithParcel();
    const response = await get(`/api/orders/journey?orderId=${encodeURIComponent(ORDER.orderId)}`, shop);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, orderId: ORDER.orderId, timeZone: "America/Bogota" });
    expect(body.supplierOrders).toEqual([
      expect.objectContaining({
        supplierOrderId: "SO-1",
        guide: "240012345678",
        carrier: "SERVIENTREGA",
        stage: "in_transit",
        stageSince: "2026-11-25T15:30:00.000Z",
      }),
    ]);
    expect(body.supplierOrders[0].history.map((entry: { rawStatus: string }) => entry.rawStatus)).toEqual([
      "GUIA GENERADA",
      "EN_TRANSITO",
    ]);
    // The bare numeric id names the same order.
    const bare = await (await get("/api/orders/journey?orderId=5829301847221", shop)).json();
    expect(bare.supplierOrders).toHaveLength(1);
  });

  it("never gives another shop's parcel for the same order id", async () => {
    await shopWithParcel();
    const other = shopDomain();
    await createSession(other);
    await storeShopTimeZone(other, "America/Lima");
    const body = await (await get(`/api/orders/journey?orderId=${encodeURIComponent(ORDER.orderId)}`, other)).json();
    expect(body).toMatchObject({ success: true, timeZone: "America/Lima", supplierOrders: [] });
  });

  it("refuses a missing session, a bad order id and a POST with stable codes, never a 500", async () => {
    const shop = await shopWithParcel();
    expect((await get(`/api/orders/journey?orderId=1`, null)).status).toBe(401);
    const bad = await get(`/api/orders/journey?orderId=${encodeURIComponent("#1042")}`, shop);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: "invalid_input", field: "orderId" });
    const missing = await get(`/api/orders/journey`, shop);
    expect(missing.status).toBe(400);
    const post = (await action({
      request: new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/orders/journey`, {
        method: "POST",
        headers: { Authorization: `Bearer ${await sessionToken(shop)}`, Origin: "https://extensions.shopifycdn.com" },
      }),
      params: {},
      context: {},
    })) as Response;
    expect(post.status).toBe(405);
  });
});
