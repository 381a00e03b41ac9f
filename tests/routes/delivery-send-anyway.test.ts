import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as deliveryPageAction } from "~/routes/app.deliveries.$id/route";
import { createAutomatedShop, createDelivery } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";

/** The delivery page's "send anyway" (docs/decisions/282), through its action with a real session token. */
async function post(shop: string, id: string, fields: Record<string, string>) {
  return deliveryPageAction({
    request: await adminRequest(`/app/deliveries/${id}`, shop, formBody(fields)),
    params: { id },
    context: {},
  });
}

describe("the delivery page's send anyway", () => {
  it("queues a held order once and answers when it goes; a second submit is 409 no_longer_held", async () => {
    const shop = await createAutomatedShop();
    const held = await createDelivery(shop, { status: "skipped", lastErrorCode: "held_possible_duplicate" });

    const first = await post(shop, held.id, { intent: "sendAnyway" });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      success: true,
      timing: { goes: "now" },
      delivery: { id: held.id, status: "queued" },
    });
    const second = await post(shop, held.id, { intent: "sendAnyway" });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ success: false, code: "no_longer_held" });
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({ replays: 1 });
  });

  it("answers 404 for another shop's held order and 400 for an intent the page does not have", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    const held = await createDelivery(other, { status: "skipped", lastErrorCode: "held_no_mobile" });
    expect((await post(shop, held.id, { intent: "sendAnyway" })).status).toBe(404);
    const unknown = await post(other, held.id, { intent: "sendAgain" });
    expect(unknown.status).toBe(400);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      status: "skipped",
      replays: 0,
    });
  });
});
