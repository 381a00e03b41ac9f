import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { END_NOTES } from "~/services/journey/steps/end.server";
import { sweepUnappliedEvents } from "~/services/journey/apply.server";
import { insertStatusEvent } from "~/services/journey/record.server";
import { stepJobKey } from "~/services/journey/follow.server";
import { refuseWrites } from "../../helpers/db";
import { fakeJourneyPlatform } from "../../mocks/journey-platform";
import { applyDue, at, followedShop, GUIDE, push, pushAll, steps, stepsDue, SUPPLIER_ORDER } from "./follow-helpers";

describe("the store follows the parcel", () => {
  it("fulfils once with tracking, tells each stage in order and marks the delivered order paid once", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop, { held: true });
    await pushAll(token, [
      ["PENDIENTE CONFIRMACION", 0],
      ["GUIA_GENERADA", 1],
      ["EN TRANSITO", 2],
      ["EN REPARTO", 3],
      ["ENTREGADO", 4],
    ]);
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(1);
    expect(platform.named("FulfillmentOrderReleaseHold")).toHaveLength(1);
    expect(platform.order.fulfillments).toEqual([
      expect.objectContaining({ number: GUIDE, company: "Coordinadora", notifyCustomer: false }),
    ]);
    expect(platform.order.fulfillments[0].events.map(({ status, happenedAt }) => [status, happenedAt])).toEqual([
      ["IN_TRANSIT", at(2).toISOString()],
      ["OUT_FOR_DELIVERY", at(3).toISOString()],
      ["DELIVERED", at(4).toISOString()],
    ]);
    expect(platform.named("JourneyOrderMarkAsPaid")).toHaveLength(1);
    expect(platform.order.financial).toBe("PAID");
    expect(platform.order.tags).toEqual(["automation-shipped", "automation-delivered"]);
    expect((await steps(shop)).map((step) => [step.step, step.status])).toEqual([
      ["fulfil", "done"],
      ["event:in_transit", "done"],
      ["event:out_for_delivery", "done"],
      ["event:delivered", "done"],
      ["paid", "done"],
    ]);
  });

  it("keeps the journey's order when statuses come out of order, and never steps back", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    // Three statuses stored before their order's apply runs: applied together, in the carrier's order.
    for (const [status, hours] of [
      ["EN REPARTO", 3],
      ["GUIA GENERADA", 1],
      ["EN TRANSITO", 2],
    ] as const) {
      await push(token, status, hours);
      await push(token, status, hours);
    }
    await applyDue();
    await stepsDue();
    // Delivered, then a late "in transit" reported after it: history only.
    await pushAll(token, [
      ["ENTREGADA", 5],
      ["En tránsito", 6],
    ]);
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(1);
    expect(platform.order.fulfillments[0].events.map((event) => event.status)).toEqual([
      "IN_TRANSIT",
      "OUT_FOR_DELIVERY",
      "DELIVERED",
    ]);
    expect(platform.named("JourneyOrderMarkAsPaid")).toHaveLength(1);
  });

  it("leaves alone an order the merchant fulfilled, and records why", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    platform.merchant.fulfil();
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["EN TRANSITO", 2],
      ["ENTREGADO", 4],
    ]);
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(0);
    expect(platform.named("JourneyFulfillmentEventCreate")).toHaveLength(0);
    expect(platform.named("JourneyOrderMarkAsPaid")).toHaveLength(0);
    expect(platform.order.tags).toEqual([]);
    const recorded = await steps(shop);
    expect(recorded.every((step) => step.status === "stood_down")).toBe(true);
    expect(recorded[0]).toMatchObject({ step: "fulfil", note: "the merchant fulfilled the order" });
  });

  it("ends a returned order as not sold: fulfilment cancelled, order cancelled and restocked, note and tag", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["EN TRANSITO", 2],
      ["DEVOLUCION", 3],
      ["DEVUELTO", 5],
    ]);
    expect(platform.order.fulfillments[0].status).toBe("CANCELLED");
    expect(platform.order.fulfillments[0].events.map((event) => event.status)).toEqual(["IN_TRANSIT", "FAILURE"]);
    expect(platform.order).toMatchObject({
      staffNote: END_NOTES.returned,
      restocked: true,
      financial: "PENDING",
      outstanding: "89900.00",
    });
    expect(platform.order.cancelledAt).not.toBeNull();
    expect(platform.named("JourneyOrderCancel")[0].variables).toMatchObject({ reason: "CUSTOMER", restock: true });
    expect(platform.order.tags).toEqual(["automation-shipped", "automation-returned"]);
  });

  it("tries again on the schedule while the platform is down, and changes nothing meanwhile", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    platform.down();
    for (let i = 0; i < 3; i++) await push(token, "GUIA GENERADA", 1);
    const now = new Date();
    await applyDue(now);
    expect(await stepsDue(now)).toBe(1);
    expect(await steps(shop)).toEqual([
      expect.objectContaining({ step: "fulfil", status: "owed", attempts: 1, lastProblem: expect.any(String) }),
    ]);
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(0);
    expect(platform.order.fulfillments).toEqual([]);
    // Not before the schedule's first wait (30 s)...
    expect(await stepsDue(new Date(now.getTime() + 20_000))).toBe(0);
    platform.up();
    expect(await stepsDue(new Date(now.getTime() + 31_000))).toBe(1);
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(1);
    expect(platform.order.fulfillments).toHaveLength(1);
    expect((await steps(shop))[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  it("waits for the platform to route the order before fulfilling, and the later stages wait behind it", async () => {
    // A guide generated within a second of the buyer's "sí" (as the sandbox's supplier does on command): the order
    // has no fulfilment order yet. That is not "nothing left to fulfil": the step tries again once it is routed.
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop, { routed: false });
    for (const status of ["GUIA GENERADA", "EN TRANSITO"]) await push(token, status, 1);
    const now = new Date();
    await applyDue(now);
    await stepsDue(now);
    expect((await steps(shop)).map((step) => [step.step, step.status])).toEqual([
      ["fulfil", "owed"],
      ["event:in_transit", "owed"],
    ]);
    expect((await steps(shop))[0].lastProblem).toBe("the platform has not routed the order yet");
    platform.route();
    await stepsDue(new Date(now.getTime() + 31_000));
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(1);
    expect(platform.order.fulfillments[0].events.map((event) => event.status)).toEqual(["IN_TRANSIT"]);
    expect((await steps(shop)).map((step) => step.status)).toEqual(["done", "done"]);
  });

  it("never fulfils twice when the record fails after the platform answered", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    const allow = await refuseWrites("JourneyStep", "UPDATE", `NEW."status" = 'done'`, "crash after the answer");
    await push(token, "GUIA GENERADA", 1);
    const now = new Date();
    await applyDue(now);
    await stepsDue(now);
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(1);
    expect(await steps(shop)).toEqual([expect.objectContaining({ step: "fulfil", status: "owed" })]);
    await allow();
    expect(await stepsDue(new Date(now.getTime() + 31_000))).toBe(1);
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(1);
    expect(platform.order.fulfillments).toHaveLength(1);
    expect(await steps(shop)).toEqual([
      expect.objectContaining({ step: "fulfil", status: "done", platformRef: platform.order.fulfillments[0].id }),
    ]);
  });

  it("never marks paid twice when the record fails after the platform answered", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    const allow = await refuseWrites(
      "JourneyStep",
      "UPDATE",
      `NEW."step" = 'paid' AND NEW."status" = 'done'`,
      "crash after the answer",
    );
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["ENTREGADO", 4],
    ]);
    expect(platform.named("JourneyOrderMarkAsPaid")).toHaveLength(1);
    expect((await steps(shop)).find((step) => step.step === "paid")).toMatchObject({ status: "owed" });
    await allow();
    await stepsDue(new Date(Date.now() + 31_000));
    expect(platform.named("JourneyOrderMarkAsPaid")).toHaveLength(1);
    expect(platform.order.fulfillments[0].events.map((event) => event.status)).toEqual(["DELIVERED"]);
    expect((await steps(shop)).find((step) => step.step === "paid")).toMatchObject({
      status: "done",
      note: "nothing outstanding",
    });
    expect(stepJobKey({ shop, supplierOrderId: SUPPLIER_ORDER, step: "paid" })).toBe(
      `journey:${shop}:${SUPPLIER_ORDER}:paid`,
    );
  });
});

describe("applying stored statuses durably", () => {
  it("applies a pushed status in its keyed job, not in the answer", async () => {
    const { shop, token } = await followedShop();
    for (let i = 0; i < 3; i++) await push(token, "GUIA GENERADA", 1);
    expect(await prisma.supplierOrder.count({ where: { shop } })).toBe(0);
    // Three pushes, one live job for the supplier order.
    expect(await applyDue()).toBe(1);
    expect(await prisma.supplierOrder.findFirst({ where: { shop } })).toMatchObject({
      stage: "label_created",
      orderId: "gid://shopify/Order/5550001",
    });
    expect(await steps(shop)).toEqual([expect.objectContaining({ step: "fulfil", status: "owed" })]);
  });

  it("applies a stored status whose job was never added, from the sweep", async () => {
    const { shop } = await followedShop();
    const receivedAt = new Date(Date.now() - 60_000);
    await insertStatusEvent(
      shop,
      "push",
      { supplierOrderId: SUPPLIER_ORDER, rawStatus: "EN TRANSITO", shopOrderRef: "5550001", guide: GUIDE },
      receivedAt,
    );
    expect(await applyDue()).toBe(0);
    expect(await sweepUnappliedEvents()).toBe(1);
    expect(await applyDue()).toBe(1);
    expect(await prisma.supplierOrder.findFirst({ where: { shop } })).toMatchObject({ stage: "in_transit" });
    expect(await prisma.supplierStatusEvent.count({ where: { shop, appliedAt: null } })).toBe(0);
    expect(await sweepUnappliedEvents()).toBe(0);
  });
});
