import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { parseInput } from "~/lib/input.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { orderRulesInput, saveOrderRules } from "~/services/orders/rules.server";
import { RECENT_UNCHECKED_MAX } from "~/services/screening/duplicates.server";
import { fingerprintBacklogs } from "~/services/screening/fingerprint-backlog.server";
import { forgetOrderRules } from "~/services/screening/rules.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform, tagsAdded } from "../../mocks/platform";
import { server } from "../../mocks/server";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const BACKLOG = 10_000;
const DAY = 86_400_000;

/** An order of buyer `n` (their own phone) for variant `variant`. */
function orderOf(n: number, variant: number, id: number) {
  const phone = `+57300${String(1_000_000 + n).padStart(7, "0")}`;
  return restOrder({
    id,
    name: `#${id}`,
    phone: null,
    customer: { id: 7001, email: "ana@example.test", first_name: "Ana", last_name: "Gómez", phone: null },
    shipping_address: { first_name: "Ana", address1: "Calle 10 # 5-20", city: "Medellín", country_code: "CO", phone },
    line_items: [{ id: 881, name: "Lampara LED", quantity: 1, price: "64950.00", sku: "LAMP-01", variant_id: variant }],
  });
}

/** A day of orders already sent before the merchant turned duplicate hints on, spread over the last 24 hours. */
async function backlog(shop: string) {
  const rows = Array.from({ length: BACKLOG }, (_, n) => {
    const body = orderOf(n, 441, 6_000_000 + n);
    return {
      shop,
      topic: "orders/create",
      eventId: `event:${randomUUID()}`,
      resourceId: String(body.id),
      orderId: `gid://shopify/Order/${body.id}`,
      orderName: body.name,
      payload: JSON.stringify(body),
      status: "delivered",
      createdAt: new Date(NOW.getTime() - DAY + 60_000 + (n * (DAY - 2 * 3_600_000)) / BACKLOG),
    };
  });
  for (let start = 0; start < rows.length; start += 1_000) {
    await prisma.delivery.createMany({ data: rows.slice(start, start + 1_000) });
  }
}

const pass = () =>
  runDeliveryPass({ workerId: "worker-a", now: () => NOW, random: () => 0.5, graphql: { sleep: async () => {} } });

beforeEach(() => forgetOrderRules());

describe("duplicate hints turned on over a day of orders", () => {
  it("sends new orders at once with a check bounded whatever the backlog, and fingerprints the backlog apart", async () => {
    const shop = await createAutomatedShop();
    await backlog(shop);
    await saveOrderRules(
      shop,
      parseInput(orderRulesInput, { noPhoneAction: "send", duplicateWindowMinutes: "1440", duplicateAction: "send" }),
    );
    // Ten new orders by new buyers, the last one the first buyer's order again (its twin is 23 hours old).
    const fresh = [];
    for (let n = 0; n < 9; n++) {
      fresh.push(
        await createDelivery(shop, {
          order: orderOf(BACKLOG + n, 441, 6_100_000 + n),
          createdAt: NOW,
          nextAttemptAt: NOW,
        }),
      );
    }
    const repeat = await createDelivery(shop, {
      order: orderOf(0, 441, 6_200_000),
      createdAt: NOW,
      nextAttemptAt: NOW,
    });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    mockPlatform(shop, { OrderTagsAdd: tagsAdded() });

    await pass();
    expect(calls).toHaveLength(10);
    expect(await prisma.delivery.count({ where: { shop, status: "delivered" } })).toBe(BACKLOG + 10);
    // Each check fingerprinted itself and at most its bounded share of recent unchecked orders, not the day.
    expect(await prisma.orderFingerprint.count({ where: { shop } })).toBeLessThanOrEqual(10 + RECENT_UNCHECKED_MAX);

    // Off the orders' path, the periodic job fingerprints the rest of the window.
    await fingerprintBacklogs(NOW);
    expect(await prisma.orderFingerprint.count({ where: { shop } })).toBe(BACKLOG + 10);
    expect(await fingerprintBacklogs(NOW)).toBe(0);
    const first = await prisma.delivery.findFirstOrThrow({ where: { shop, resourceId: "6000000" } });
    const fingerprints = await prisma.orderFingerprint.findMany({
      where: { deliveryId: { in: [first.id, repeat.id] } },
      select: { fingerprint: true },
    });
    expect(new Set(fingerprints.map((row) => row.fingerprint)).size).toBe(1);

    // From then on, the first buyer ordering the same again is a likely duplicate of their order of the day.
    const again = await createDelivery(shop, { order: orderOf(0, 441, 6_300_000), createdAt: NOW, nextAttemptAt: NOW });
    await pass();
    expect(calls.find((call) => call.body.orderId === again.orderId)!.body).toMatchObject({
      possibleDuplicate: true,
    });
  }, 120_000);
});
