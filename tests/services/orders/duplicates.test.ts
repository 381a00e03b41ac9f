import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { parseInput } from "~/lib/input.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { orderChecks } from "~/services/orders/checks.server";
import { orderRulesInput, saveOrderRules } from "~/services/orders/rules.server";
import { forgetOrderRules } from "~/services/screening/rules.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform, tagsAdded } from "../../mocks/platform";
import { server } from "../../mocks/server";

const T0 = new Date("2026-11-22T10:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const pass = () =>
  runDeliveryPass({ workerId: "worker-a", now: () => at(120), random: () => 0.5, graphql: { sleep: async () => {} } });

const LAMP = { id: 881, name: "Lampara LED", quantity: 1, price: "64950.00", sku: "LAMP-01", variant_id: 441 };
const SHADE = { id: 882, name: "Pantalla", quantity: 2, price: "19900.00", sku: "SHADE-01", variant_id: 442 };

/** Ana's order of these items (her phone typed on the shipping address). */
function anaOrders(id: number, items: Record<string, unknown>[]) {
  return restOrder({
    id,
    name: `#${id}`,
    phone: null,
    customer: { id: 7001, email: "ana@example.test", first_name: "Ana", last_name: "Gómez", phone: null },
    shipping_address: {
      first_name: "Ana",
      address1: "Calle 10",
      city: "Medellín",
      country_code: "CO",
      phone: "3001234567",
    },
    line_items: items,
  });
}

async function shopWithHints() {
  const shop = await createAutomatedShop();
  await saveOrderRules(
    shop,
    parseInput(orderRulesInput, { noPhoneAction: "send", duplicateWindowMinutes: "60", duplicateAction: "send" }),
  );
  return shop;
}

beforeEach(() => forgetOrderRules());

describe("duplicate hints: what counts as the same order", () => {
  it("matches the same items listed in another order", async () => {
    const shop = await shopWithHints();
    const first = await createDelivery(shop, {
      order: anaOrders(7101, [LAMP, SHADE]),
      createdAt: T0,
      nextAttemptAt: T0,
    });
    const second = await createDelivery(shop, {
      order: anaOrders(7102, [SHADE, LAMP]),
      createdAt: at(5),
      nextAttemptAt: T0,
    });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass();
    expect(calls.find((call) => call.body.orderId === second.orderId)!.body).toMatchObject({
      possibleDuplicate: true,
      possibleDuplicateOf: first.orderName,
    });
  });

  it("never names another shop's order, for the same buyer and items", async () => {
    const other = await shopWithHints();
    const shop = await shopWithHints();
    // The same buyer ordered the same lamp from another shop five minutes earlier; its check already ran.
    await createDelivery(other, { order: anaOrders(7201, [LAMP]), createdAt: T0, nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    const mine = await createDelivery(shop, { order: anaOrders(7202, [LAMP]), createdAt: at(5), nextAttemptAt: T0 });
    await pass();
    expect(calls).toHaveLength(2);
    expect(calls.find((call) => call.body.orderId === mine.orderId)!.body).not.toHaveProperty("possibleDuplicate");
    expect(await orderChecks(shop, mine.id)).toMatchObject({ duplicateOf: null });
    expect(await prisma.orderFingerprint.groupBy({ by: ["shop"], _count: true, orderBy: { shop: "asc" } })).toEqual(
      [other, shop].sort().map((name) => ({ shop: name, _count: 1 })),
    );
  });

  it("finds the earlier order among many recorded at the same instant", async () => {
    const shop = await shopWithHints();
    const first = await createDelivery(shop, { order: anaOrders(7300, [LAMP]), createdAt: T0, nextAttemptAt: T0 });
    // A bulk import: 25 repeats recorded at the same millisecond, each later than the first.
    const repeats = [];
    for (let n = 1; n <= 25; n++) {
      repeats.push(
        await createDelivery(shop, { order: anaOrders(7300 + n, [LAMP]), createdAt: at(5), nextAttemptAt: T0 }),
      );
    }
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass();
    await pass();
    expect(calls).toHaveLength(26);
    // Each repeat names an earlier order: the first, or a repeat of the same instant with a smaller id.
    const earliestRepeat = [...repeats].sort((a, b) => (a.id < b.id ? -1 : 1))[0];
    expect(calls.find((call) => call.body.orderId === earliestRepeat.orderId)!.body).toMatchObject({
      possibleDuplicateOf: first.orderName,
    });
    expect(calls.filter((call) => call.body.possibleDuplicate === true)).toHaveLength(25);
  });
});
