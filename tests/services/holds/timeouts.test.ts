import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { DEFAULT_HOLD_POLICY, saveHoldPolicy } from "~/services/holds/settings.server";
import { applyNoAnswerTimeouts } from "~/services/holds/timeouts.server";
import { shopDomain } from "../../helpers/factories";

const HOUR = 3_600_000;
const order = (n: number) => `gid://shopify/Order/${7_000_000 + n}`;

/** `count` orders the app held, one a minute from `firstAt`; the first `answered` of them answered by their buyer. */
async function heldOrders(shop: string, count: number, answered: number, firstAt: Date) {
  await prisma.fulfilmentTask.createMany({
    data: Array.from({ length: count }, (_, n) => ({
      shop,
      kind: "hold",
      subject: `gid://shopify/FulfillmentOrder/${8_000_000 + n}`,
      orderId: order(n),
      reason: "routed",
      status: "done",
      createdAt: new Date(firstAt.getTime() + n * 60_000),
    })),
  });
  await prisma.orderAnswer.createMany({
    data: Array.from({ length: answered }, (_, n) => ({
      shop,
      orderId: order(n),
      answer: "confirmed",
      answeredAt: new Date(firstAt.getTime() + n * 60_000 + 1_000),
    })),
  });
}

describe("no-answer timeouts over a shop with many answered holds", () => {
  it("reaches the unanswered holds behind more answered ones than one run takes", async () => {
    const shop = shopDomain();
    await saveHoldPolicy(shop, { ...DEFAULT_HOLD_POLICY, enabled: true, noAnswerHours: 24, onNoAnswer: "keep" });
    const now = new Date();
    // Five answered holds at the head, then three unanswered ones, all past the hours; a run takes two at a time.
    await heldOrders(shop, 8, 5, new Date(now.getTime() - 48 * HOUR));

    expect(await applyNoAnswerTimeouts(now, 2)).toBe(2);
    expect(await applyNoAnswerTimeouts(now, 2)).toBe(1);
    expect(await applyNoAnswerTimeouts(now, 2)).toBe(0);
    const timedOut = await prisma.orderAnswer.findMany({
      where: { shop, source: "timeout" },
      select: { orderId: true, answer: true },
      orderBy: { orderId: "asc" },
    });
    expect(timedOut).toEqual([5, 6, 7].map((n) => ({ orderId: order(n), answer: "no_answer" })));
  });

  it("leaves holds within the hours and other shops' holds alone", async () => {
    const shop = shopDomain();
    const other = shopDomain();
    await saveHoldPolicy(shop, { ...DEFAULT_HOLD_POLICY, enabled: true, noAnswerHours: 24, onNoAnswer: "keep" });
    const now = new Date();
    await heldOrders(shop, 2, 0, new Date(now.getTime() - 2 * HOUR));
    await heldOrders(other, 2, 0, new Date(now.getTime() - 48 * HOUR));

    expect(await applyNoAnswerTimeouts(now)).toBe(0);
    expect(await prisma.orderAnswer.count()).toBe(0);
  });
});
