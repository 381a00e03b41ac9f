import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { saveStockSyncSettings } from "~/services/stock/records.server";
import { saveFollowInStore, saveFollowSettings } from "~/services/journey/settings.server";
import { refuseWrites } from "../../helpers/db";
import { createAssociation, createSession } from "../../helpers/factories";
import { TEST_ENV } from "../../helpers/test-env";
import { fakeJourneyPlatform } from "../../mocks/journey-platform";
import { applyDue, at, followedShop, grantFollowScopes, push, pushAll, steps, stepsDue } from "./follow-helpers";

describe("the shop's follow settings and the pause", () => {
  it("records the journey but acts on nothing until the merchant turns following on with its scopes", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    await saveFollowInStore(shop, false);
    await pushAll(token, [["GUIA GENERADA", 1]]);
    // On, but the fulfilment scopes not granted (the merchant closed the grant screen): still nothing.
    await saveFollowInStore(shop, true);
    await createSession(shop, { scope: TEST_ENV.SCOPES });
    await pushAll(token, [["EN TRANSITO", 2]]);
    expect(platform.calls).toHaveLength(0);
    expect(await steps(shop)).toEqual([]);
    expect(await prisma.supplierOrder.findFirstOrThrow({ where: { shop } })).toMatchObject({ stage: "in_transit" });
    // Granted: the next status owes every step the history calls for, in order.
    await grantFollowScopes(shop);
    await pushAll(token, [["EN REPARTO", 3]]);
    expect(platform.named("JourneyFulfillmentCreate")).toHaveLength(1);
    expect(platform.order.fulfillments[0].events.map((event) => event.status)).toEqual([
      "IN_TRANSIT",
      "OUT_FOR_DELIVERY",
    ]);
  });

  it("holds a paused shop's steps and runs them, in order, once it resumes", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    await prisma.automationPause.create({ data: { shop } });
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["EN TRANSITO", 2],
    ]);
    expect(platform.calls).toHaveLength(0);
    expect((await steps(shop)).map((step) => step.status)).toEqual(["owed", "owed"]);
    await prisma.automationPause.delete({ where: { shop } });
    await stepsDue();
    expect(platform.order.fulfillments[0].events.map((event) => event.status)).toEqual(["IN_TRANSIT"]);
  });

  it("sends the shipping email only when the shop turned it on", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    await saveFollowSettings(shop, { notifyBuyerOnShipment: true });
    await pushAll(token, [["GUIA GENERADA", 1]]);
    expect(platform.named("JourneyFulfillmentCreate")[0].variables.fulfillment).toMatchObject({
      notifyCustomer: true,
      trackingInfo: { number: "240012345678", company: "Coordinadora" },
    });
  });

  it("leaves a delivered order unpaid when the shop turned marking paid off", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    await saveFollowSettings(shop, { markPaidOnDelivery: false });
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["ENTREGADO", 4],
    ]);
    expect(platform.named("JourneyOrderMarkAsPaid")).toHaveLength(0);
    expect((await steps(shop)).find((step) => step.step === "paid")).toMatchObject({
      status: "stood_down",
      note: "marking paid on delivery is off",
    });
  });
});

describe("incidents and endings", () => {
  it("tells an incident as an attempted delivery at the carrier's time, with the incident tag", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["EN REPARTO", 2],
      ["INTENTO DE ENTREGA", 3],
    ]);
    expect(platform.order.fulfillments[0].events.map(({ status, happenedAt }) => [status, happenedAt])).toEqual([
      ["OUT_FOR_DELIVERY", at(2).toISOString()],
      ["ATTEMPTED_DELIVERY", at(3).toISOString()],
    ]);
    expect(platform.order.tags).toContain("automation-incident");
  });

  it("does not restock a returned order whose variant the stock sync owns", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    await saveStockSyncSettings(shop, { enabled: true, locationId: "gid://shopify/Location/1" });
    const association = await createAssociation(shop);
    await prisma.productAssociation.update({
      where: { id: association.id },
      data: {
        variantAssociations: JSON.stringify([
          { supplierVariationId: "10234", platformVariantId: platform.order.variants[0], barcode: null },
        ]),
      },
    });
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["RECHAZADO", 3],
    ]);
    expect(platform.named("JourneyOrderCancel")[0].variables).toMatchObject({ reason: "DECLINED", restock: false });
    expect(platform.order.cancelledAt).not.toBeNull();
    expect(platform.named("JourneyRestock")).toHaveLength(0);
  });

  it("restocks only the lines the stock sync does not own, once, when a crash follows the cancel", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    platform.order.variants.push("gid://shopify/ProductVariant/772");
    await saveStockSyncSettings(shop, { enabled: true, locationId: "gid://shopify/Location/1" });
    const association = await createAssociation(shop);
    await prisma.productAssociation.update({
      where: { id: association.id },
      data: {
        variantAssociations: JSON.stringify([
          { supplierVariationId: "10234", platformVariantId: platform.order.variants[0], barcode: null },
        ]),
      },
    });
    const allow = await refuseWrites("JourneyStep", "UPDATE", `NEW."step" = 'end' AND NEW."status" = 'done'`, "crash");
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["DEVUELTO", 5],
    ]);
    await allow();
    await stepsDue(new Date(Date.now() + 31_000));
    expect(platform.order.restockedItems).toEqual({ "gid://shopify/InventoryItem/772": 1 });
    expect(platform.named("JourneyOrderCancel")).toHaveLength(1);
    expect(platform.named("JourneyOrderCancel")[0].variables).toMatchObject({ restock: false });
    expect((await steps(shop)).find((step) => step.step === "end")).toMatchObject({ status: "done" });
  });

  it("leaves an order the merchant cancelled first, and records why", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    await pushAll(token, [["GUIA GENERADA", 1]]);
    platform.order.fulfillments[0].status = "CANCELLED";
    platform.order.cancelledAt = new Date().toISOString();
    platform.order.staffNote = "Cliente llamó para cancelar";
    await push(token, "DEVUELTO", 5);
    await applyDue();
    await stepsDue();
    expect(platform.named("JourneyOrderCancel")).toHaveLength(0);
    expect((await steps(shop)).find((step) => step.step === "end")).toMatchObject({
      status: "stood_down",
      note: "the order was already cancelled",
    });
  });
});
