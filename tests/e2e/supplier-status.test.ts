import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAction, installShop } from "../../sandbox/stack";
import { eventually, query, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-estados.myshopify.com";

/**
 * The marketplace's status pushes through the built app over HTTP (docs/decisions/320, 321): the URL made on the
 * settings page, a push repeated and pushes out of order, one history and a stage that never steps back.
 */
describe("supplier status pushes, end to end", () => {
  let stack: Stack;
  let receiver: string;

  beforeAll(async () => {
    stack = await startE2eStack();
    await installShop(stack, SHOP);
    const response = await adminAction<{ receiverUrl: string }>(stack, SHOP, "/app/settings", {
      intent: "supplier-receiver-new",
    });
    expect(response.status).toBe(200);
    const url = response.data.receiverUrl;
    receiver = new URL(new URL(url).pathname, stack.appUrl).toString();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const push = async (body: unknown) => {
    const response = await fetch(receiver, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  it("keeps one history per order from repeated and out-of-order pushes, the stage only moving forward", async () => {
    const base = { id: 9100, shop_order_id: "#1001", shipping_guide: "240012345678", shipping_company: "SERVIENTREGA" };
    const pushes: [string, string][] = [
      ["EN REPARTO", "2026-11-27 08:40:02"],
      ["GUIA_GENERADA", "2026-11-24 10:12:31"],
      ["GUIA GENERADA", "2026-11-24 10:12:31"],
      ["Guía generada", "2026-11-24 10:12:31"],
      ["ENTREGADA", "2026-11-27 15:00:00"],
      ["EN_TRANSITO", "2026-11-25 09:00:00"],
    ];
    const answers = [];
    for (const [status, updated_at] of pushes) answers.push(await push({ ...base, status, updated_at }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.duplicate)).toEqual([false, false, true, true, false, false]);
    const [order] = await eventually(async () => {
      const rows = await query<{ stage: string; eventCount: number; guide: string }>(
        stack,
        `SELECT "stage", "eventCount", "guide" FROM "SupplierOrder" WHERE "shop" = ? AND "supplierOrderId" = ?`,
        [SHOP, "9100"],
      );
      return rows[0] && Number(rows[0].eventCount) === 4 ? rows : undefined;
    });
    expect(order).toMatchObject({ stage: "delivered", guide: "240012345678" });
  });

  it("answers an unknown URL 404 and a wrong body 400, with stable codes", async () => {
    const unknown = await fetch(`${stack.appUrl}/webhooks/supplier/status/not-a-token`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, code: "not_found" });
    expect(await push({ id: 9101 })).toMatchObject({ status: 400, body: { code: "invalid_status", field: "status" } });
  });
});
