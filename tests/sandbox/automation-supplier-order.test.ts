import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAutomationSimulator, SANDBOX_AUTOMATION_KEY } from "../../sandbox/automation/server";
import type { Listening } from "../../sandbox/lib/http";
import { createSupplierSimulator, SANDBOX_SUPPLIER_TOKEN } from "../../sandbox/supplier/server";
import { call, letThrough, eventually, statusReceiver } from "./supplier-helpers";

const ACCESS = { "X-ACCESS-TOKEN": SANDBOX_AUTOMATION_KEY };

/** The app's order payload, as it triggers the confirmation flow. */
const payload = (number: number, callbackUrl: string) => ({
  eventType: "order_created",
  orderId: `gid://shopify/Order/58293018${number}`,
  orderName: `#${number}`,
  totalPrice: "89900.00",
  currency: "COP",
  lineItems: [
    {
      id: "gid://shopify/LineItem/1",
      name: "Faja moldeadora",
      quantity: 2,
      price: "44950.00",
      sku: "FAJA-M",
      variantId: "gid://shopify/ProductVariant/10234",
      productId: "gid://shopify/Product/88123",
    },
  ],
  customer: { id: null, email: "laura@example.com", firstName: "Laura", lastName: "Gómez", phone: "+573108045704" },
  shippingAddress: {
    firstName: "Laura",
    lastName: "Gómez",
    address1: "Calle 45 # 12-30",
    city: "BOGOTA",
    province: "Cundinamarca",
    country: "Colombia",
    zip: null,
    phone: "3108045704",
  },
  shop: "tienda-demo.myshopify.com",
  callbackUrl,
  callbackApiKey: "callback-key",
});

describe("the automation flow places the supplier order when the buyer confirms", () => {
  const supplier = createSupplierSimulator();
  let supplierServer: Listening;
  let automationServer: Listening;
  let automation = "";
  let callbacks: Awaited<ReturnType<typeof statusReceiver>>;
  const simulator = { current: createAutomationSimulator() };

  beforeAll(async () => {
    supplierServer = await supplier.listen();
    simulator.current = createAutomationSimulator({ supplierUrl: supplierServer.url });
    automationServer = await simulator.current.listen();
    automation = automationServer.url;
    callbacks = await statusReceiver();
  });
  afterAll(async () => {
    await automationServer.close();
    await supplierServer.close();
    await callbacks.close();
  });
  beforeEach(async () => {
    letThrough(automation, supplierServer.url, callbacks.url);
    callbacks.received.length = 0;
    await call(supplierServer.url, "/sim/reset", { body: {} });
    await call(automation, "/sim/reset", { body: {} });
    await call(automation, "/sim/mode", { body: { callback: { status: "none" } } });
  });

  /** The app stores the supplier token in the account's bot field, as on saving the supplier settings. */
  const storeSupplierToken = (token = SANDBOX_SUPPLIER_TOKEN) =>
    fetch(`${automation}/api/accounts/bot_fields/640597`, {
      method: "POST",
      headers: { ...ACCESS, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ value: token }),
    });
  const trigger = (number: number) =>
    call(automation, "/api/flows/f_101/trigger", { body: payload(number, callbacks.url), headers: ACCESS });
  const answer = (number: number, body: Record<string, unknown>) =>
    call(automation, "/sim/answer", { body: { orderName: `#${number}`, ...body } });
  const supplierOrders = async () => (await call(supplierServer.url, "/sim/orders")).body.orders;

  it("creates the supplier order with the store order's id, under the stored token, once however often it is told", async () => {
    await storeSupplierToken();
    await trigger(1001);
    await answer(1001, { status: "confirmed", copies: 3 });
    await answer(1001, { status: "confirmed" });
    const orders = await supplierOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: "PENDIENTE CONFIRMACION",
      shop_order_id: "582930181001",
      name: "Laura",
      surname: "Gómez",
      phone: "3108045704",
      city: "BOGOTA",
      total_order: "89900.00",
      rate_type: "CON RECAUDO",
      orderdetails: [{ product_id: "88123", variation_id: "10234", quantity: 2, price: "44950.00" }],
    });
    // The order is the stored token's: that account reads it.
    const read = await call(supplierServer.url, `/orders/myorders/${orders[0].id}`, {
      headers: { "supplier-integration-key": SANDBOX_SUPPLIER_TOKEN },
    });
    expect(read.status).toBe(200);
    // Without the opt-in the callback says only what the flow says.
    expect(callbacks.received).toHaveLength(4);
    expect(callbacks.received[0].body).not.toHaveProperty("supplierOrderId");
  });

  it("reports the supplier order in its callback when switched on", async () => {
    await storeSupplierToken();
    await call(automation, "/sim/mode", { body: { supplierOrders: { report: true } } });
    await trigger(1002);
    await answer(1002, { tags: ["confirmado"] });
    const [order] = await supplierOrders();
    expect(callbacks.received[0].body).toMatchObject({
      orderName: "#1002",
      tags: ["confirmado"],
      supplierOrderId: order.id,
      shippingGuide: null,
      shippingCompany: null,
      supplierStatus: "PENDIENTE CONFIRMACION",
    });
  });

  it("places it from the flow's own callback too, when the buyer's answer is a confirmation", async () => {
    await storeSupplierToken();
    await call(automation, "/sim/mode", { body: { callback: { status: "completed", delayMs: 0 } } });
    await trigger(1003);
    await eventually(async () => expect(await supplierOrders()).toHaveLength(1));
    expect((await supplierOrders())[0].shop_order_id).toBe("582930181003");
  });

  it("places nothing when the buyer refuses, or when no supplier token was stored", async () => {
    await trigger(1004);
    await answer(1004, { status: "refused" });
    await answer(1004, { status: "confirmed" });
    expect(await supplierOrders()).toEqual([]);
    const placed = (await call(automation, "/sim/supplier-orders")).body.placed;
    expect(placed).toEqual([expect.objectContaining({ shopOrderId: "582930181004", error: expect.any(String) })]);
    expect(callbacks.received).toHaveLength(2);
  });
});
