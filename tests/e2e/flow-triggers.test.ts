import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, getJson, postJson, query, type Stack } from "./helpers";
import { journeyHarness, startJourneyStack } from "./journey-harness";

const SHOP = "tienda-flow.myshopify.com";

interface Received {
  handle: string;
  payload: Record<string, unknown>;
}

/**
 * The app's Flow triggers and action against the simulators (docs/decisions/338, 339): a parcel pushed three times
 * per status gives each trigger once at the platform's flowTriggerReceive, and the platform's signed action run,
 * delivered four times at once, is taken (the run-once cases are tests/routes/flow-action.test.ts).
 */
describe("Shopify Flow, end to end", () => {
  let stack: Stack;
  let h: ReturnType<typeof journeyHarness>;

  beforeAll(async () => {
    stack = await startJourneyStack(SHOP);
    h = journeyHarness(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("sends the parcel's triggers once each, and takes the signed action run, refused in the cooldown, sent once", async () => {
    const order = await h.confirmedOrder();
    const orderNumber = Number(order.id.split("/").pop());
    await h.pushMode({ copies: 3 });
    await h.advance(order.supplierId, "delivered", 11);
    const triggers = await eventually(
      async () => {
        await h.repush();
        const { body } = await getJson<{ triggers: Received[] }>(`${stack.platformUrl}/sim/flow/triggers?shop=${SHOP}`);
        return body.triggers.some((trigger) => trigger.handle === "parcel-delivered") ? body.triggers : undefined;
      },
      60_000,
      "the parcel-delivered trigger at the platform",
    );
    const parcel = triggers.filter((trigger) => trigger.handle.startsWith("parcel-"));
    expect(parcel.map((trigger) => trigger.handle)).toEqual(["parcel-shipped", "parcel-delivered"]);
    for (const trigger of triggers) expect(trigger.payload.order_id).toBe(orderNumber);
    expect(new Set(triggers.map((trigger) => trigger.handle)).size).toBe(triggers.length);

    const run = await postJson<{ answers: { status: number; body: Record<string, unknown> }[] }>(
      `${stack.platformUrl}/sim/flow/actions/run`,
      { shop: SHOP, handle: "send-to-confirmation", order: orderNumber, copies: 4, concurrent: true },
    );
    // Signed as the platform signs it: accepted, never 401. The order's flow ran a moment ago, so the resend path's
    // cooldown refuses it; that passing refusal is not kept, so no run is recorded and no second send is made.
    const statuses = run.body.answers.map((answer) => answer.status);
    expect(statuses).not.toContain(401);
    expect(run.body.answers.map((answer) => answer.body.code)).toEqual(expect.arrayContaining(["repeat_cooldown"]));
    for (const answer of run.body.answers) {
      expect(["repeat_cooldown", "action_run_in_progress"]).toContain(answer.body.code);
    }
    const deliveries = await query(stack, `SELECT "id" FROM "Delivery" WHERE "shop" = ?`, [SHOP]);
    expect(deliveries).toHaveLength(1);
  });
});
