import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { headlineStoreAction } from "~/lib/store-actions";
import { listByAppAction } from "~/services/deliveries/app-action-filter.server";
import { withParcels } from "~/services/deliveries/journey-filter.server";
import { summarizeDelivery } from "~/services/deliveries/queries.server";
import { parcelCardView } from "~/services/journey/order-view.server";
import { saveFollowInStore } from "~/services/journey/settings.server";
import { storeActionsOfOrders } from "~/services/journey/store-actions.server";
import { fakeJourneyPlatform } from "../../mocks/journey-platform";
import { followedShop, GUIDE, pushAll, SUPPLIER_ORDER } from "./follow-helpers";

const ORDER = "gid://shopify/Order/5550001";

const actionsOf = async (shop: string) => (await storeActionsOfOrders(shop, [ORDER])).get(ORDER) ?? [];

/** The log's rows as its page reads them: the shop's deliveries with their parcels and the store's actions. */
async function logRows(shop: string) {
  const deliveries = await prisma.delivery.findMany({ where: { shop } });
  return withParcels(shop, deliveries.map(summarizeDelivery));
}

const filtered = async (shop: string, appAction: Parameters<typeof listByAppAction>[1]["appAction"]) =>
  (await listByAppAction(shop, { appAction, page: 1, pageSize: 20 })).deliveries.map((row) => row.orderId);

describe("what the app did to the store order because of the parcel", () => {
  it("reads a delivered parcel's steps: fulfilled with the guide and carrier, events, paid, each with its tag", async () => {
    const { shop, token } = await followedShop();
    fakeJourneyPlatform(shop);
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["EN TRANSITO", 2],
      ["ENTREGADO", 4],
    ]);
    const actions = await actionsOf(shop);
    expect(actions.map(({ kind, status, stage, tag }) => ({ kind, status, stage, tag }))).toEqual([
      { kind: "fulfilled", status: "done", stage: "label_created", tag: "automation-shipped" },
      { kind: "event", status: "done", stage: "in_transit", tag: null },
      { kind: "event", status: "done", stage: "delivered", tag: "automation-delivered" },
      { kind: "paid", status: "done", stage: "delivered", tag: null },
    ]);
    expect(actions[0]).toMatchObject({
      supplierOrderId: SUPPLIER_ORDER,
      tracking: { number: GUIDE, company: "Coordinadora" },
      reason: null,
      problem: null,
    });
    const done = await prisma.journeyStep.findMany({ where: { shop }, orderBy: { position: "asc" } });
    expect(actions.map((action) => action.at)).toEqual(done.map((step) => step.doneAt!.toISOString()));

    // The log's column shows the latest done; the filter finds the order by what the app did.
    const [row] = await logRows(shop);
    expect(row.storeActions).toEqual(actions);
    expect(headlineStoreAction(row.storeActions)?.kind).toBe("paid");
    expect(await filtered(shop, "fulfilled")).toEqual([ORDER]);
    expect(await filtered(shop, "paid")).toEqual([ORDER]);
    expect(await filtered(shop, "cancelled")).toEqual([]);
    expect(await filtered(shop, "problem")).toEqual([]);
  });

  it("says a returned order was cancelled and its stock put back", async () => {
    const { shop, token } = await followedShop();
    fakeJourneyPlatform(shop);
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["EN TRANSITO", 2],
      ["DEVOLUCION", 3],
      ["DEVUELTO", 5],
    ]);
    const ended = (await actionsOf(shop)).at(-1);
    expect(ended).toMatchObject({ kind: "ended", status: "done", restock: "restocked", tag: "automation-returned" });
    expect(await filtered(shop, "cancelled")).toEqual([ORDER]);
    expect(await filtered(shop, "paid")).toEqual([]);
  });

  it("says a step the platform refused, with the platform's reason, and the log shows it first", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    // A fulfilment order the platform will not fulfil: the fulfilment is refused, not tried again.
    platform.order.fulfillmentOrders[0].status = "IN_PROGRESS";
    await pushAll(token, [["GUIA GENERADA", 1]]);
    const [refused] = await actionsOf(shop);
    expect(refused).toMatchObject({ kind: "fulfilled", status: "given_up", tracking: null, tag: null });
    expect(refused.problem).toContain("Fulfillment order is not open");
    expect(headlineStoreAction(await actionsOf(shop))).toEqual(refused);
    expect(await filtered(shop, "problem")).toEqual([ORDER]);
    expect(await filtered(shop, "fulfilled")).toEqual([]);
  });

  it("says why the app left a step to the merchant", async () => {
    const { shop, token } = await followedShop();
    const platform = fakeJourneyPlatform(shop);
    platform.merchant.fulfil();
    await pushAll(token, [["GUIA GENERADA", 1]]);
    expect(await actionsOf(shop)).toEqual([
      expect.objectContaining({ kind: "fulfilled", status: "stood_down", reason: "merchant_fulfilled" }),
    ]);
  });

  it("gives the parcel card the journey, the store's actions, and whether the store is followed", async () => {
    const { shop, token } = await followedShop();
    fakeJourneyPlatform(shop);
    await pushAll(token, [
      ["GUIA GENERADA", 1],
      ["EN TRANSITO", 2],
    ]);
    let view = await parcelCardView(shop, ORDER);
    expect(view.follow).toEqual({ enabled: true, missingScopes: [] });
    expect(view.parcels).toHaveLength(1);
    expect(view.parcels[0]).toMatchObject({ guide: GUIDE, carrier: "COORDINADORA", stage: "in_transit" });
    expect(view.parcels[0].history.map((entry) => entry.stage)).toEqual(["label_created", "in_transit"]);
    expect(view.parcels[0].storeActions.map((action) => action.kind)).toEqual(["fulfilled", "event"]);

    // Switched off: the journey is still recorded and shown, no step is owed, and the card is told.
    await saveFollowInStore(shop, false);
    await pushAll(token, [["ENTREGADO", 4]]);
    view = await parcelCardView(shop, ORDER);
    expect(view.follow.enabled).toBe(false);
    expect(view.parcels[0].stage).toBe("delivered");
    expect(view.parcels[0].storeActions.map((action) => action.kind)).toEqual(["fulfilled", "event"]);
    // Never another shop's order.
    expect((await parcelCardView("other.myshopify.com", ORDER)).parcels).toEqual([]);
  });
});
