import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { owedTagHandler } from "~/services/deliveries/owed-tags.server";
import { retryDelivery } from "~/services/deliveries/queries.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { blocklistSuggestions } from "~/services/screening/blocklist-suggestions.server";
import { blockPhone, listBlockedPhones, saveBlockedPhoneAction } from "~/services/screening/blocklist.server";
import { forgetOrderRules } from "~/services/screening/rules.server";
import { deleteShopData } from "~/services/shops/lifecycle.server";
import { recordDataRequest, redactCustomer } from "~/services/shops/privacy.server";
import { createAutomatedShop, createDelivery, restOrder, shopDomain } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform, tagsAdded } from "../../mocks/platform";
import { server } from "../../mocks/server";
import { runDueJobs } from "../jobs/run-due";

const T0 = new Date("2026-11-22T10:00:00.000Z");
let orderNumber = 0;

async function pass() {
  await runDeliveryPass({ workerId: "worker-a", now: () => T0, random: () => 0.5, graphql: { sleep: async () => {} } });
  await runDueJobs("order-tag", T0, { handler: owedTagHandler({ sleep: async () => {} }) });
}

function orderFrom(phone: string) {
  const id = 6_100_000 + ++orderNumber;
  return restOrder({
    id,
    name: `#${2000 + orderNumber}`,
    phone: null,
    customer: { id: 7001, email: "ana@example.test", first_name: "Ana", last_name: "Gómez", phone: null },
    shipping_address: { first_name: "Ana", address1: "Calle 10", city: "Medellín", country_code: "CO", phone },
  });
}

beforeEach(() => forgetOrderRules());

describe("the phone blocklist", () => {
  it("keeps a typed phone in E.164 with the reason, and refuses one that is no number", async () => {
    const shop = shopDomain();
    expect(await blockPhone(shop, "300 123 4567", "  Rechazó 3 pedidos  ", "CO")).toBe("+573001234567");
    await expect(blockPhone(shop, "12", "", "CO")).rejects.toMatchObject({ status: 400, code: "invalid_phone" });
    expect(await listBlockedPhones(shop)).toEqual([
      expect.objectContaining({ phone: "+573001234567", reason: "Rechazó 3 pedidos" }),
    ]);
  });

  it("holds an order from a blocked phone, tags it, and sends it when the merchant sends it anyway", async () => {
    const shop = await createAutomatedShop();
    await blockPhone(shop, "+57 300 123 4567", "devoluciones", "CO");
    const delivery = await createDelivery(shop, { order: orderFrom("3001234567"), nextAttemptAt: T0 });
    const other = await createDelivery(shop, { order: orderFrom("3009998877"), nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const platform = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass();
    expect(calls.map((call) => call.body.phoneE164)).toEqual(["+573009998877"]);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastErrorCode: "held_blocked_phone",
    });
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ status: "delivered" });
    expect(platform.map((call) => call.variables)).toEqual([
      { id: delivery.orderId, tags: ["automation-blocked-phone"] },
    ]);
    expect(await prisma.orderFlag.findMany({ where: { shop }, select: { kind: true, reason: true } })).toEqual([
      { kind: "blocked_phone", reason: "devoluciones" },
    ]);
    await retryDelivery(shop, delivery.id, T0);
    await pass();
    expect(calls.map((call) => call.body.phoneE164)).toEqual(["+573009998877", "+573001234567"]);
  });

  it("does not send it and tags nothing when the shop's rule is to skip", async () => {
    const shop = await createAutomatedShop();
    await blockPhone(shop, "3001234567", "", "CO");
    await saveBlockedPhoneAction(shop, "skip");
    const delivery = await createDelivery(shop, { order: orderFrom("300 123 4567"), nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const platform = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass();
    expect(calls).toHaveLength(0);
    expect(platform).toHaveLength(0);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastErrorCode: "blocked_phone",
    });
  });

  it("suggests the phones with two or more returns or refusals in the shop's history, not yet blocked", async () => {
    const shop = shopDomain();
    const placed = async (phone: string) => (await createDelivery(shop, { order: orderFrom(phone) })).orderId!;
    const returned = async (orderId: string, n: number) =>
      prisma.supplierOrder.create({ data: { shop, supplierOrderId: `s-${n}`, orderId, stage: "returned" } });
    const refused = async (orderId: string) =>
      prisma.orderAnswer.create({ data: { shop, orderId, answer: "refused", answeredAt: T0 } });
    // 300 111 2222: one return and one refusal (two bad orders); 300 333 4444: one refusal only;
    // 300 555 6666: two returns but already blocked; the same order returned and refused counts once.
    await returned(await placed("300 111 2222"), 1);
    await refused(await placed("+57 300 111 2222"));
    await placed("3001112222");
    await refused(await placed("3003334444"));
    await returned(await placed("3005556666"), 2);
    await returned(await placed("3005556666"), 3);
    const both = await placed("3007778888");
    await returned(both, 4);
    await refused(both);
    await blockPhone(shop, "3005556666", "", "CO");
    expect(await blocklistSuggestions(shop, "CO")).toEqual([{ phone: "+573001112222", returns: 1, refusals: 1 }]);
  });

  it("lists a blocked phone in a buyer's data request, and erases it with redact and with the shop", async () => {
    const shop = shopDomain();
    await blockPhone(shop, "3001234567", "", "CO");
    await blockPhone(shop, "3009998877", "", "CO");
    const customer = { customer: { id: 1, phone: "+573001234567" }, orders_requested: [] };
    const request = await recordDataRequest(shop, customer);
    expect(JSON.parse(request.summary!).held).toMatchObject({ blockedPhones: 1 });
    expect(await redactCustomer(shop, customer)).toMatchObject({ blockedPhones: 1 });
    expect((await listBlockedPhones(shop)).map((entry) => entry.phone)).toEqual(["+573009998877"]);
    await saveBlockedPhoneAction(shop, "skip");
    await deleteShopData(shop);
    expect(await prisma.blockedPhone.count({ where: { shop } })).toBe(0);
    expect(await prisma.blockedPhoneRule.count({ where: { shop } })).toBe(0);
  });
});
