import { describe, expect, it } from "vitest";
import { MAIN_PATH } from "../../sandbox/supplier/lifecycle";
import { SANDBOX_SUPPLIER_TOKEN } from "../../sandbox/supplier/server";
import reference from "../fixtures/reference/supplier-order-status.json";
import { call, eventually, orderBody, supplierStack } from "./supplier-helpers";

const KEY = { "supplier-integration-key": SANDBOX_SUPPLIER_TOKEN };

describe("the supplier simulator's orders", () => {
  const stack = supplierStack();

  const create = async (shopOrderId = "5829301847221", body = orderBody(shopOrderId)) =>
    call(stack.base, "/integrations/orders/myorders", { body, headers: KEY });
  const advance = (id: number, body: Record<string, unknown> = {}) =>
    call(stack.base, `/sim/orders/${id}/advance`, { body });

  it("creates an order as an integration places it, pending confirmation, and pushes that status", async () => {
    const created = await create();
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ isSuccess: true, status: 200 });
    const order = created.body.objects;
    expect(order).toMatchObject({
      status: "PENDIENTE CONFIRMACION",
      shop_order_id: "5829301847221",
      shipping_guide: null,
      name: "Laura",
      phone: "3108045704",
      city: "BOGOTA",
      total_order: "89900.00",
      orderdetails: [{ product_id: 88123, variation_id: 10234, quantity: 1, price: "89900.00" }],
    });
    expect(order.history.map((entry: { status: string }) => entry.status)).toEqual(["PENDIENTE CONFIRMACION"]);
    await eventually(() => expect(stack.receiver.statuses()).toEqual(["PENDIENTE CONFIRMACION"]));
    // The push carries the reference's status webhook fields, no more.
    expect(Object.keys(stack.receiver.received[0].body).sort()).toEqual(
      Object.keys(reference.statusWebhook.body).sort(),
    );
  });

  it("refuses an unknown key and an order without what the marketplace requires", async () => {
    const unknown = await call(stack.base, "/integrations/orders/myorders", {
      body: orderBody("1"),
      headers: { "supplier-integration-key": "not-a-key" },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ isSuccess: false });
    const noPhone = await create("2", orderBody("2", { phone: "" }));
    expect(noPhone).toMatchObject({ status: 422, body: { isSuccess: false, message: "phone is required" } });
    const noItems = await create("3", orderBody("3", { products: [] }));
    expect(noItems.status).toBe(422);
    expect((await call(stack.base, "/sim/orders")).body.orders).toEqual([]);
  });

  it("walks the main path in order on command, generating the label's guide and carrier, each step pushed", async () => {
    const { id } = (await create()).body.objects;
    const walked = await advance(id, { steps: 50 });
    expect(walked.body.walked).toEqual(MAIN_PATH.slice(1));
    expect(walked.body.order).toMatchObject({ status: "ENTREGADO", sticker: expect.stringMatching(/^guia-\d+\.pdf$/) });
    expect(walked.body.order.shipping_guide).toMatch(/^\d{12}$/);
    expect(walked.body.order.shipping_company).toMatch(/^[A-Z]+$/);
    await eventually(() => expect(stack.receiver.statuses()).toEqual([...MAIN_PATH]));
    const labelled = stack.receiver.received.find((push) => push.status === "GUIA_GENERADA")!;
    expect(labelled.body).toMatchObject({ id, shipping_guide: walked.body.order.shipping_guide });
    // A delivered order does not move any more.
    expect((await advance(id)).body.walked).toEqual([]);
  });

  it("answers GET /orders/myorders/{id} and the integrations path with the order and its history, to its own key only", async () => {
    const { id } = (await create()).body.objects;
    await advance(id, { steps: 2 });
    for (const path of [`/orders/myorders/${id}`, `/integrations/orders/myorders/${id}`]) {
      const read = await call(stack.base, path, { headers: KEY });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ isSuccess: true, status: 200, objects: { id, status: "GUIA_GENERADA" } });
      expect(read.body.objects.history.map((entry: { status: string }) => entry.status)).toEqual(MAIN_PATH.slice(0, 3));
      expect(read.body.objects.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    await call(stack.base, "/sim/accounts", { body: { token: "other-account" } });
    const other = await call(stack.base, `/orders/myorders/${id}`, {
      headers: { "supplier-integration-key": "other-account" },
    });
    expect(other.status).toBe(404);
    expect((await call(stack.base, "/orders/myorders/999", { headers: KEY })).status).toBe(404);
  });

  it("reads the key under the header the deployment names", async () => {
    const { id } = (await create()).body.objects;
    await call(stack.base, "/sim/orders/mode", { body: { keyHeader: "dropi-integration-key" } });
    expect((await call(stack.base, `/orders/myorders/${id}`, { headers: KEY })).status).toBe(401);
    const read = await call(stack.base, `/orders/myorders/${id}`, {
      headers: { "dropi-integration-key": SANDBOX_SUPPLIER_TOKEN },
    });
    expect(read.status).toBe(200);
  });

  it("follows the scripted detours from where the order is", async () => {
    const journeys: Record<string, string[]> = {
      "novedad-then-solved": ["NOVEDAD", "NOVEDAD SOLUCIONADA", "EN TERMINAL DESTINO", "EN REPARTO", "ENTREGADO"],
      return: ["EN REPARTO", "INTENTO DE ENTREGA", "DEVOLUCION", "EN DEVOLUCION", "DEVUELTO"],
      rejected: ["EN REPARTO", "RECHAZADO"],
    };
    for (const [path, ending] of Object.entries(journeys)) {
      const { id } = (await create(`order-${path}`)).body.objects;
      await advance(id, { steps: 8 }); // up to EN TRANSITO
      const walked = await advance(id, { path, steps: 50 });
      expect(walked.body.walked.slice(-ending.length)).toEqual(ending);
      expect(walked.body.order.status).toBe(ending.at(-1));
    }
    expect((await advance(1, { path: "nowhere" })).status).toBe(404);
    const { id } = (await create("x")).body.objects;
    expect((await advance(id, { path: "nowhere" })).status).toBe(400);
  });

  it("sets any status in any spelling on command, and the script goes on after a variant", async () => {
    const { id } = (await create()).body.objects;
    await advance(id, { steps: 7 }); // up to EN TRANSPORTE
    const set = await call(stack.base, `/sim/orders/${id}/status`, {
      body: { status: "En tránsito ", notes: "Bogotá hub" },
    });
    expect(set.body.order).toMatchObject({ status: "En tránsito ", notes: "Bogotá hub" });
    expect((await advance(id)).body.order.status).toBe("EN TERMINAL DESTINO");
    await call(stack.base, `/sim/orders/${id}/status`, { body: { status: "ESTADO NUEVO DEL TRANSPORTADOR" } });
    await call(stack.base, "/sim/orders/mode", { body: { spelling: "feminine" } });
    await advance(id, { steps: 5 });
    await eventually(() =>
      expect(stack.receiver.statuses().slice(-4)).toEqual([
        "EN TERMINAL DESTINO",
        "ESTADO NUEVO DEL TRANSPORTADOR",
        "EN REPARTO",
        "ENTREGADA",
      ]),
    );
    expect(stack.receiver.statuses()).toContain("En tránsito ");
    expect((await call(stack.base, `/sim/orders/${id}/status`, { body: { status: "" } })).status).toBe(400);
    expect((await call(stack.base, "/sim/orders/mode", { body: { spelling: "shouting" } })).status).toBe(400);
  });

  it("moves orders on a clock when one is set, and not before", async () => {
    const { id } = (await create()).body.objects;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await call(stack.base, `/sim/orders/${id}`)).body.order.status).toBe("PENDIENTE CONFIRMACION");
    await call(stack.base, "/sim/orders/mode", { body: { stepEveryMs: 20 } });
    await eventually(async () =>
      expect((await call(stack.base, `/sim/orders/${id}`)).body.order.status).toBe("ENTREGADO"),
    );
    await call(stack.base, "/sim/orders/mode", { body: { stepEveryMs: 0 } });
    await eventually(() => expect(stack.receiver.statuses()).toEqual([...MAIN_PATH]));
  });
});
