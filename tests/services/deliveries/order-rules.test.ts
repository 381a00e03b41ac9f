import { beforeEach, describe, expect, it } from "vitest";
import { HttpResponse } from "msw";
import prisma from "~/db.server";
import { owedTagHandler } from "~/services/deliveries/owed-tags.server";
import { retryDelivery } from "~/services/deliveries/queries.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { countOrdersWithoutMobile, orderChecks } from "~/services/orders/checks.server";
import { orderRulesInput, saveOrderRules } from "~/services/orders/rules.server";
import { forgetOrderRules } from "~/services/screening/rules.server";
import { parseInput } from "~/lib/input.server";
import { createAutomatedShop, createConfiguration, createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform, tagsAdded } from "../../mocks/platform";
import { server } from "../../mocks/server";
import { runDueJobs } from "../jobs/run-due";

const T0 = new Date("2026-11-22T10:00:00.000Z");

const runOwedTags = (now: Date) =>
  runDueJobs("order-tag", now, { handler: owedTagHandler({ sleep: async () => {} }) });

/** A worker pass at T0; a tag it owed is tried right after it, as the job runner does. */
async function pass() {
  const handled = await runDeliveryPass({
    workerId: "worker-a",
    now: () => T0,
    random: () => 0.5,
    graphql: { sleep: async () => {} },
  });
  await runOwedTags(T0);
  return handled;
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

async function rules(shop: string, noPhoneAction: string, phoneCountry?: string, extra: Record<string, string> = {}) {
  await saveOrderRules(shop, parseInput(orderRulesInput, { noPhoneAction, phoneCountry, ...extra }));
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

  it("owes the held order its tag when the platform fails, and adds it on a later try, even once released", async () => {
    const shop = await createAutomatedShop();
    await rules(shop, "hold");
    const delivery = await createDelivery(shop, { order: orderWithPhone("300 123"), nextAttemptAt: T0 });
    const down = { value: true };
    const platform = mockPlatform(shop, {
      OrderTagsAdd: (variables, call) =>
        down.value ? new HttpResponse("Service Unavailable", { status: 503 }) : tagsAdded()(variables, call),
    });

    await pass();
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastErrorCode: "held_no_mobile",
      tagsApplied: "[]",
    });
    const task = () =>
      prisma.orderTagTask.findUniqueOrThrow({
        where: { deliveryId_tag: { deliveryId: delivery.id, tag: "automation-no-phone" } },
      });
    expect(await task()).toMatchObject({ status: "owed", attempts: 1, dueAt: new Date(T0.getTime() + 60_000) });
    // The merchant sends it anyway meanwhile: the order still owes the tag that says why it was held.
    await retryDelivery(shop, delivery.id, T0);
    expect(await task()).toMatchObject({ status: "owed" });

    down.value = false;
    const retry = runOwedTags;
    expect(await retry(new Date(T0.getTime() + 60_000))).toBe(1);
    expect(await task()).toMatchObject({ status: "done", attempts: 2 });
    const released = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(released).toMatchObject({ status: "queued" });
    expect(JSON.parse(released.tagsApplied)).toEqual(["automation-no-phone"]);
    const tagCalls = platform.filter((call) => call.operationName === "OrderTagsAdd").map((call) => call.variables);
    expect(tagCalls.at(-1)).toEqual({ id: delivery.orderId, tags: ["automation-no-phone"] });
    expect(await retry(new Date(T0.getTime() + 86_400_000))).toBe(0);
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

describe("duplicate hints", () => {
  const T1 = new Date(T0.getTime() + 20 * 60_000);
  const twin = (phone: string) =>
    orderWithPhone(phone, "CO") as ReturnType<typeof restOrder> & { line_items: Record<string, unknown>[] };
  const sameItems = (order: ReturnType<typeof twin>, variantId: number) => {
    order.line_items = order.line_items.map((item) => ({ ...item, variant_id: variantId }));
    return order;
  };

  it("marks and tags the second of two orders by the same phone for the same items, and sends both", async () => {
    const shop = await createAutomatedShop();
    await rules(shop, "send", undefined, { duplicateWindowMinutes: "60", duplicateAction: "send" });
    const first = await createDelivery(shop, { order: twin("300 123 4567"), createdAt: T0, nextAttemptAt: T0 });
    // The same buyer typing the number another way, 20 minutes later.
    const second = await createDelivery(shop, { order: twin("+57 300-123-4567"), createdAt: T1, nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const platform = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass();
    expect(calls).toHaveLength(2);
    const byOrder = Object.fromEntries(calls.map((call) => [call.body.orderId, call.body]));
    expect(byOrder[first.orderId!]).not.toHaveProperty("possibleDuplicate");
    expect(byOrder[second.orderId!]).toMatchObject({ possibleDuplicate: true, possibleDuplicateOf: first.orderName });
    expect(platform.map((call) => call.variables)).toEqual([
      { id: second.orderId, tags: ["automation-possible-duplicate"] },
    ]);
    expect(await orderChecks(shop, second.id)).toMatchObject({
      duplicateOf: first.orderName,
      duplicateOfDeliveryId: first.id,
    });
    expect(await orderChecks(shop, first.id)).toMatchObject({ duplicateOf: null });
  });

  it("holds a likely duplicate when the rule says so, and never for other items or outside the window", async () => {
    const shop = await createAutomatedShop();
    await rules(shop, "send", undefined, { duplicateWindowMinutes: "30", duplicateAction: "hold" });
    await createDelivery(shop, { order: sameItems(twin("300 123 4567"), 441), createdAt: T0, nextAttemptAt: T0 });
    const other = await createDelivery(shop, {
      order: sameItems(twin("300 123 4567"), 442),
      createdAt: T1,
      nextAttemptAt: T0,
    });
    const held = await createDelivery(shop, {
      order: sameItems(twin("3001234567"), 441),
      createdAt: T1,
      nextAttemptAt: T0,
    });
    const late = await createDelivery(shop, {
      order: sameItems(twin("300 123 4567"), 442),
      createdAt: new Date(T1.getTime() + 31 * 60_000),
      nextAttemptAt: T0,
    });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass();
    const sent = calls.map((call) => call.body.orderId);
    expect(sent).toContain(other.orderId);
    expect(sent).toContain(late.orderId);
    expect(sent).not.toContain(held.orderId);
    expect(calls).toHaveLength(3);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      status: "skipped",
      lastErrorCode: "held_possible_duplicate",
      tagsApplied: JSON.stringify(["automation-possible-duplicate"]),
    });
    // The merchant sends it anyway: marked, not held again.
    await retryDelivery(shop, held.id, T0);
    await pass();
    expect(calls.at(-1)!.body).toMatchObject({ orderId: held.orderId, possibleDuplicate: true });
  });

  it("records an earlier order without a phone once, so later checks do not read its body again", async () => {
    const shop = await createAutomatedShop();
    await rules(shop, "send", undefined, { duplicateWindowMinutes: "60", duplicateAction: "send" });
    const phoneless = await createDelivery(shop, { order: orderWithPhone(null), createdAt: T0, nextAttemptAt: T0 });
    await createDelivery(shop, { order: twin("300 123 4567"), createdAt: T1, nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    expect(calls).toHaveLength(2);
    expect(calls.filter((call) => "possibleDuplicate" in call.body)).toHaveLength(0);
    // Recorded with no digest: it can match nothing, and the window's next check finds it already recorded.
    expect(await prisma.orderFingerprint.findUnique({ where: { deliveryId: phoneless.id } })).toMatchObject({
      fingerprint: "none",
    });
  });

  it("does not check when the shop has no window", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { order: twin("300 123 4567"), createdAt: T0, nextAttemptAt: T0 });
    await createDelivery(shop, { order: twin("300 123 4567"), createdAt: T1, nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    expect(calls.filter((call) => "possibleDuplicate" in call.body)).toHaveLength(0);
    expect(await prisma.orderFingerprint.count()).toBe(0);
  });
});

describe("the log's view of the checks", () => {
  it("shows the number as typed and normalised, for the shop's own delivery only", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    const delivery = await createDelivery(shop, { order: orderWithPhone("0991234567", "EC") });
    expect(await orderChecks(shop, delivery.id)).toEqual({
      duplicateOf: null,
      duplicateOfDeliveryId: null,
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
