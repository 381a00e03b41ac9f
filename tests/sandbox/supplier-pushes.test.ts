import { describe, expect, it } from "vitest";
import { sleep } from "../../sandbox/lib/http";
import { SANDBOX_SUPPLIER_TOKEN } from "../../sandbox/supplier/server";
import { call, eventually, letThrough, orderBody, statusReceiver, supplierStack } from "./supplier-helpers";

const KEY = { "supplier-integration-key": SANDBOX_SUPPLIER_TOKEN };

describe("the supplier simulator's status pushes", () => {
  const stack = supplierStack();

  const create = async () =>
    (await call(stack.base, "/integrations/orders/myorders", { body: orderBody("5829301847221"), headers: KEY })).body
      .objects as { id: number };
  const advance = (id: number, steps = 1) => call(stack.base, `/sim/orders/${id}/advance`, { body: { steps } });
  const mode = (body: Record<string, unknown>) => call(stack.base, "/sim/status-webhook/mode", { body });

  it("pushes only to the URL registered for the order's account", async () => {
    await call(stack.base, "/sim/accounts", { body: { token: "other-account" } });
    const other = await statusReceiver();
    letThrough(other.url);
    await call(stack.base, "/sim/status-webhook", { body: { token: "other-account", url: other.url } });
    await call(stack.base, "/integrations/orders/myorders", {
      body: orderBody("77"),
      headers: { "supplier-integration-key": "other-account" },
    });
    await eventually(() => expect(other.statuses()).toEqual(["PENDIENTE CONFIRMACION"]));
    await stack.simulator.orders.pusher.settled();
    expect(stack.receiver.received).toEqual([]);
    await other.close();
    expect((await call(stack.base, "/sim/status-webhook", { body: { token: "x", url: "ftp://nope" } })).status).toBe(
      400,
    );
  });

  it("sends each push three times when duplicating", async () => {
    await mode({ copies: 3 });
    const { id } = await create();
    await advance(id);
    await eventually(() =>
      expect(stack.receiver.statuses().sort()).toEqual(
        [...Array(3).fill("PENDIENTE"), ...Array(3).fill("PENDIENTE CONFIRMACION")].sort(),
      ),
    );
    const state = (await call(stack.base, "/sim/status-webhook")).body;
    expect(state.pushes).toHaveLength(6);
  });

  it("loses the pushes it is told to drop, and lists them, while the order still moves", async () => {
    await mode({ dropNext: 2 });
    const { id } = await create();
    await advance(id, 2);
    await eventually(() => expect(stack.receiver.statuses()).toEqual(["GUIA_GENERADA"]));
    const state = (await call(stack.base, "/sim/status-webhook")).body;
    expect(state.dropped.map((push: { status: string }) => push.status)).toEqual([
      "PENDIENTE CONFIRMACION",
      "PENDIENTE",
    ]);
    const read = await call(stack.base, `/orders/myorders/${id}`, { headers: KEY });
    expect(read.body.objects.history).toHaveLength(3);
    await mode({ dropAll: true });
    await advance(id);
    await stack.simulator.orders.pusher.settled();
    expect(stack.receiver.statuses()).toEqual(["GUIA_GENERADA"]);
  });

  it("delivers a later status before an earlier one when reordering", async () => {
    await mode({ reorder: true });
    const { id } = await create();
    await advance(id);
    await eventually(() => expect(stack.receiver.statuses()).toEqual(["PENDIENTE", "PENDIENTE CONFIRMACION"]));
    await advance(id);
    expect((await call(stack.base, "/sim/status-webhook")).body.held).toEqual([
      { orderId: id, status: "GUIA_GENERADA" },
    ]);
    expect((await call(stack.base, "/sim/status-webhook/flush", { body: {} })).body.released).toBe(1);
    await eventually(() => expect(stack.receiver.statuses()).toHaveLength(3));
  });

  it("delays each push by the time it is told", async () => {
    await mode({ delayMs: 300 });
    const started = Date.now();
    await create();
    await sleep(150);
    expect(stack.receiver.received).toEqual([]);
    await eventually(() => expect(stack.receiver.statuses()).toEqual(["PENDIENTE CONFIRMACION"]));
    expect(stack.receiver.received[0].at - started).toBeGreaterThanOrEqual(300);
  });

  it("does not send a refused push again unless retries are switched on", async () => {
    stack.receiver.answer(500);
    await create();
    await stack.simulator.orders.pusher.settled();
    expect(stack.receiver.received).toHaveLength(1);
    await mode({ retries: 2, retryDelayMs: 10 });
    await create();
    await stack.simulator.orders.pusher.settled();
    expect(stack.receiver.received).toHaveLength(4);
    const attempts = (await call(stack.base, "/sim/status-webhook")).body.pushes.map(
      (p: { attempt: number }) => p.attempt,
    );
    expect(attempts).toEqual([1, 1, 2, 3]);
  });
});
