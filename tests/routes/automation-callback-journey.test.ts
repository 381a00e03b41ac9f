import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action } from "~/routes/api.automation.callback";
import { journeyForOrder } from "~/services/journey/read.server";
import { createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { TEST_ENV } from "../helpers/test-env";
import { mockPlatform, ordersByName, tagsAdded } from "../mocks/platform";

const ORDER = { id: "gid://shopify/Order/5550001", name: "#1001" };

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
  return { shop, apiKey: `key-${shop}` };
}

function callback(body: unknown) {
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return action({ request, params: {}, context: {} });
}

describe("the callback's supplier fields", () => {
  it("records the supplier order the flow placed against the order it names, with its status from the callback", async () => {
    const { shop, apiKey } = await installedShop();
    const response = await callback({
      apiKey,
      orderName: "#1001",
      status: "success",
      supplierOrderId: 4821937,
      shippingGuide: "240012345678",
      shippingCompany: "COORDINADORA",
      supplierStatus: "PENDIENTE CONFIRMACION",
    });
    expect(response.status).toBe(200);
    const [journey] = await journeyForOrder(shop, ORDER.id);
    expect(journey).toMatchObject({
      supplierOrderId: "4821937",
      orderName: "#1001",
      matchedBy: "callback",
      guide: "240012345678",
      carrier: "COORDINADORA",
      stage: "at_supplier",
    });
    expect(journey.history).toEqual([
      expect.objectContaining({ rawStatus: "PENDIENTE CONFIRMACION", source: "callback" }),
    ]);
  });

  it("links a supplier order the marketplace pushed before any store order could be matched", async () => {
    const { shop, apiKey } = await installedShop();
    await prisma.supplierOrder.create({ data: { shop, supplierOrderId: "4821937", shopOrderRef: "unknown" } });
    const response = await callback({
      apiKey,
      orderName: "#1001",
      supplierOrderId: "4821937",
      supplierStatus: "PENDIENTE",
    });
    expect(response.status).toBe(200);
    expect(await prisma.supplierOrder.findFirst({ where: { shop } })).toMatchObject({
      orderId: ORDER.id,
      orderName: "#1001",
      matchedBy: "callback",
      stage: "at_supplier",
    });
  });

  it("takes the snake_case names too, and links a supplier order that came with no status yet", async () => {
    const { shop, apiKey } = await installedShop();
    const response = await callback({ apiKey, orderName: "#1001", supplier_order_id: "SO-77", shipping_guide: "G-1" });
    expect(response.status).toBe(200);
    expect(await prisma.supplierOrder.findFirst({ where: { shop } })).toMatchObject({
      supplierOrderId: "SO-77",
      orderId: ORDER.id,
      guide: "G-1",
      stage: "unknown",
    });
    expect(await prisma.supplierStatusEvent.count({ where: { shop } })).toBe(0);
  });

  it("refuses a supplier field of the wrong type, naming it as sent, before tagging anything", async () => {
    const { shop, apiKey } = await installedShop();
    const response = await callback({ apiKey, orderName: "#1001", supplier_status: ["ENTREGADO"], supplierOrderId: 1 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, field: "supplier_status" });
    expect(await prisma.supplierOrder.count({ where: { shop } })).toBe(0);
  });

  it("refuses a supplier status without the supplier order it belongs to", async () => {
    const { apiKey } = await installedShop();
    const response = await callback({ apiKey, orderName: "#1001", supplierStatus: "ENTREGADO" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, field: "supplierOrderId" });
  });

  it("leaves the journey alone when the callback says nothing of the supplier", async () => {
    const { shop, apiKey } = await installedShop();
    expect((await callback({ apiKey, orderName: "#1001", status: "completed" })).status).toBe(200);
    expect(await prisma.supplierOrder.count({ where: { shop } })).toBe(0);
  });
});
