import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { retryDelivery } from "~/services/deliveries/queries.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { countOrdersWithoutMobile, orderChecks } from "~/services/orders/checks.server";
import { forgetOrderRules, orderRulesInput, saveOrderRules } from "~/services/orders/rules.server";
import { parseInput } from "~/lib/input.server";
import { createAutomatedShop, createConfiguration, createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform, tagsAdded } from "../../mocks/platform";
import { server } from "../../mocks/server";

const T0 = new Date("2026-11-22T10:00:00.000Z");

function pass() {
  return runDeliveryPass({
    workerId: "worker-a",
    now: () => T0,
    random: () => 0.5,
    graphql: { sleep: async () => {} },
  });
}

/** An order whose buyer typed `phone` on the shipping address of `country` (null: the address names none). */
function orderWithPhone(phone: string | null, country: string | null = "CO") {
  return restOrder({
    phone: null,
    customer: { id: 7001, email: "ana@example.test", first_name: "Ana", last_name: "Gómez", phone: null },
    shipping_address: {
      first_name: "Ana",
      address1: "Calle 10 # 5-20",
      city: "Medellín",
      country_code: country,
      phone,
    },
  });
}

async function rules(shop: string, noPhoneAction: string, phoneCountry?: string) {
  await saveOrderRules(shop, parseInput(orderRulesInput, { noPhoneAction, phoneCountry }));
}

beforeEach(() => forgetOrderRules());

describe("the buyer's phone in the trigger payload", () => {
  it("adds the E.164 number, its validity and type beside the spec's fields, which stay as they were", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { order: orderWithPhone("300 123 4567"), nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ phoneE164: "+573001234567", phoneValid: true, phoneType: "mobile" });
    // The spec's fields carry the number as typed.
    expect(calls[0].body.shippingAddress).toMatchObject({ phone: "300 123 4567" });
    expect(await prisma.orderFlag.count()).toBe(0);
  });

  it("reads a number without country in the shop's country: the rule's, else the supplier's", async () => {
    const shop = await createAutomatedShop();
    await createConfiguration(shop, { supplierCountry: "EC" });
    await createDelivery(shop, { order: orderWithPhone("099 123 4567", null), nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    expect(calls[0].body).toMatchObject({ phoneE164: "+593991234567", phoneType: "mobile" });

    await rules(shop, "send", "PE");
    await createDelivery(shop, { order: orderWithPhone("987 654 321", null), nextAttemptAt: T0 });
    await pass();
    expect(calls[1].body).toMatchObject({ phoneE164: "+51987654321" });
  });

  it("sends a landline anyway by default, and counts it for the home page", async () => {
    const shop = await createAutomatedShop();
    const delivery = await createDelivery(shop, { order: orderWithPhone("601 234 5678"), nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    expect(calls[0].body).toMatchObject({ phoneE164: "+576012345678", phoneValid: true, phoneType: "fixed_line" });
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "delivered",
    });
    expect(await countOrdersWithoutMobile(shop, 7, T0)).toBe(1);
    expect(await prisma.orderFlag.findFirstOrThrow({ where: { shop } })).toMatchObject({ reason: "fixed_line" });
  });
});

describe("the shop's rule for an order without a usable mobile", () => {
  it("holds it, tags the order automation-no-phone and lets the merchant send it anyway", async () => {
    const shop = await createAutomatedShop();
    await rules(shop, "hold");
    const delivery = await createDelivery(shop, { order: orderWithPhone("300 123"), nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const platform = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });

    await pass();
    expect(calls).toHaveLength(0);
    const held = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(held).toMatchObject({ status: "skipped", lastErrorCode: "held_no_mobile", attempts: 0 });
    expect(JSON.parse(held.tagsApplied)).toEqual(["automation-no-phone"]);
    expect(platform.map((call) => call.variables)).toEqual([{ id: delivery.orderId, tags: ["automation-no-phone"] }]);

    await retryDelivery(shop, delivery.id, T0);
    await pass();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ phoneE164: null, phoneValid: false, phoneType: null });
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "delivered",
    });
    // One order, counted once.
    expect(await countOrdersWithoutMobile(shop, 7, T0)).toBe(1);
  });

  it("skips it with its reason when the rule says so, and a usable mobile still goes out", async () => {
    const shop = await createAutomatedShop();
    await rules(shop, "skip");
    const noPhone = await createDelivery(shop, { order: orderWithPhone(null), nextAttemptAt: T0 });
    const mobile = await createDelivery(shop, { order: orderWithPhone("+57 300 123 4567"), nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    expect(calls.map((call) => call.body.orderId)).toEqual([mobile.orderId]);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: noPhone.id } })).toMatchObject({
      status: "skipped",
      lastErrorCode: "no_mobile",
      lastError: "Not sent: the buyer's phone is no usable mobile number (the shop's rule)",
    });
  });

  it("refuses an unknown action or country with the field named", () => {
    expect(() => parseInput(orderRulesInput, { noPhoneAction: "drop" })).toThrow(/noPhoneAction/);
    expect(() => parseInput(orderRulesInput, { noPhoneAction: "send", phoneCountry: "US" })).toThrow(/phoneCountry/);
  });
});

describe("the log's view of the checks", () => {
  it("shows the number as typed and normalised, for the shop's own delivery only", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    const delivery = await createDelivery(shop, { order: orderWithPhone("0991234567", "EC") });
    expect(await orderChecks(shop, delivery.id)).toEqual({
      phone: {
        raw: "0991234567",
        e164: "+593991234567",
        valid: true,
        type: "mobile",
        usableMobile: true,
        problem: null,
      },
    });
    expect(await orderChecks(other, delivery.id)).toBeNull();
  });
});
