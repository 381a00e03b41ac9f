import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureShop, installShop, SANDBOX_SUPPLIER_TOKEN } from "../../sandbox/stack";
import { registerStatusReceiver } from "../../sandbox/status-receiver";
import { eventually, getJson, postJson, query, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-sondeo.myshopify.com";

interface TokenCalls {
  total: number;
  refused: number;
  lockouts: number;
}

/**
 * Polling across the real stack (docs/decisions/304, 328): the sandbox registers the shop's status URL with the
 * supplier simulator as a merchant would, the first status arrives by push, the next pushes are dropped by the
 * simulator, and once the order looks late the app's once-a-minute polling job reads them back, within the
 * marketplace's limit.
 */
describe("a dropped supplier push is found by polling", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startE2eStack();
    await installShop(stack, SHOP);
    expect((await configureShop(stack, SHOP)).map((step) => step.status)).toEqual([200, 200]);
    await registerStatusReceiver(stack, SHOP, SANDBOX_SUPPLIER_TOKEN);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const stored = async (id: number) =>
    query<{ stage: string; source: string; rawStatus: string }>(
      stack,
      `SELECT o."stage", e."source", e."rawStatus" FROM "SupplierOrder" o JOIN "SupplierStatusEvent" e
        ON e."shop" = o."shop" AND e."supplierOrderId" = o."supplierOrderId"
        WHERE o."shop" = ? AND o."supplierOrderId" = ? ORDER BY e."receivedAt", e."rawStatus"`,
      [SHOP, String(id)],
    );

  it("records the statuses whose pushes were dropped, each once, without a refused call", async () => {
    const created = await fetch(`${stack.supplierUrl}/orders/myorders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "supplier-integration-key": SANDBOX_SUPPLIER_TOKEN },
      body: JSON.stringify({
        name: "Laura",
        phone: "3108045704",
        city: "BOGOTA",
        shop_order_id: "5829301847221",
        total_order: "89900",
        products: [{ id: 88123, quantity: 1, price: "89900" }],
      }),
    });
    expect(created.status).toBe(200);
    const { id } = ((await created.json()) as { objects: { id: number } }).objects;
    // The first status reaches the app by push, through the URL the sandbox registered.
    await eventually(async () => ((await stored(id)).length === 1 ? true : undefined), 10_000, "the first push");

    await postJson(`${stack.supplierUrl}/sim/status-webhook/mode`, { dropAll: true });
    const advanced = await postJson<{ walked: string[] }>(`${stack.supplierUrl}/sim/orders/${id}/advance`, {
      steps: 2,
    });
    expect(advanced.body.walked).toEqual(["PENDIENTE", "GUIA_GENERADA"]);
    // Not asked while its next push is not late: a day without news at the supplier is (decision 328). The order's
    // last news is moved two days back, as the stored value is written on either store, and its time dropped.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    expect(await stored(id)).toHaveLength(1);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().replace("Z", "+00:00");
    await query(
      stack,
      `UPDATE "SupplierOrder" SET "stageSince" = ?, "lastEventAt" = ?, "nextPollAt" = NULL
        WHERE "shop" = ? AND "supplierOrderId" = ?`,
      [twoDaysAgo, twoDaysAgo, SHOP, String(id)],
    );

    const events = await eventually(
      async () => {
        const rows = await stored(id);
        // The events are written before the order's projection: wait for both.
        return rows.length === 3 && rows[0].stage === "label_created" ? rows : undefined;
      },
      90_000,
      "the polled statuses",
    );
    expect(events.map((event) => [event.rawStatus, event.source])).toEqual([
      ["PENDIENTE CONFIRMACION", "push"],
      ["GUIA_GENERADA", "poll"],
      ["PENDIENTE", "poll"],
    ]);
    expect(events[0].stage).toBe("label_created");
    const calls = (await getJson<{ calls: Record<string, TokenCalls> }>(`${stack.supplierUrl}/sim/state`)).body.calls[
      SANDBOX_SUPPLIER_TOKEN
    ];
    // The order's creation and the reads: far below the marketplace's 60 a minute, nothing refused.
    expect(calls.total).toBeLessThanOrEqual(31);
    expect(calls).toMatchObject({ refused: 0, lockouts: 0 });
  }, 200_000);
});
