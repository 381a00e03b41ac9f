import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureShop, installShop } from "../../sandbox/stack";
import { eventually, getJson, postJson, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-recorrido.myshopify.com";

interface SupplierOrderView {
  id: number;
  status: string;
  shop_order_id: string;
  history: { status: string }[];
}

/**
 * The journey's start across the real stack: the app stores the supplier token in the automation account's bot
 * field, the flow runs for a new order, the buyer confirms, and the flow places the order at the supplier
 * simulator with the store order's id; the supplier then pushes its statuses to the URL the merchant registered.
 */
describe("the flow places the supplier order in the sandbox stack", () => {
  let stack: Stack;
  const pushes: { status: string; shop_order_id: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      pushes.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as (typeof pushes)[number]);
      response.writeHead(200).end();
    });
  });

  beforeAll(async () => {
    stack = await startE2eStack();
    await installShop(stack, SHOP);
    const configured = await configureShop(stack, SHOP);
    expect(configured.map((step) => step.status)).toEqual([200, 200]);
    await postJson(`${stack.automationUrl}/sim/mode`, {
      trigger: { kind: "ok" },
      callback: { status: "none" },
      supplierOrders: { report: true },
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await stack?.stop();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("creates the supplier order with shop_order_id on the buyer's confirmation, and its statuses reach the merchant's URL", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/supplier-status`;
    await postJson(`${stack.supplierUrl}/sim/status-webhook`, { token: "sandbox-supplier-token", url });
    const created = await postJson<{ order: { id: string; name: string } }>(`${stack.platformUrl}/sim/orders`, {
      shop: SHOP,
    });
    const { id, name } = created.body.order;
    await eventually(
      async () =>
        (
          await getJson<{ triggers: { payload: { orderName: string } }[] }>(`${stack.automationUrl}/sim/triggers`)
        ).body.triggers.some((trigger) => trigger.payload.orderName === name),
      30_000,
      "the flow to be triggered",
    );
    const answered = await postJson<{ callbacks: { body: string }[] }>(`${stack.automationUrl}/sim/answer`, {
      orderName: name,
      status: "confirmed",
    });
    expect(answered.status).toBe(200);

    const orders = (await getJson<{ orders: SupplierOrderView[] }>(`${stack.supplierUrl}/sim/orders`)).body.orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: "PENDIENTE CONFIRMACION", shop_order_id: id.split("/").pop() });

    await postJson(`${stack.supplierUrl}/sim/orders/${orders[0].id}/advance`, { steps: 2 });
    await eventually(async () => pushes.length === 3, 10_000, "three status pushes");
    expect(pushes.map((push) => push.status)).toEqual(["PENDIENTE CONFIRMACION", "PENDIENTE", "GUIA_GENERADA"]);
    expect(new Set(pushes.map((push) => push.shop_order_id))).toEqual(new Set([id.split("/").pop()]));
  });
});
