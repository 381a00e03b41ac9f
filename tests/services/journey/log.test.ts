import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { DEFAULT_CARRIER_PACE } from "~/lib/carrier-pace";
import { listByJourney, withParcels } from "~/services/deliveries/journey-filter.server";
import { summarizeDelivery } from "~/services/deliveries/queries.server";
import { ordersInJourney, parcelsOfOrders } from "~/services/journey/log.server";
import { carrierPaceOf, saveCarrierPace, stalledParcels } from "~/services/journey/pace.server";
import { createDelivery, restOrder, shopDomain } from "../../helpers/factories";

const NOW = new Date("2026-11-28T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const gid = (id: number) => `gid://shopify/Order/${id}`;

/** A supplier order as its projection stores it (app/services/journey/project.ts writes these fields). */
async function parcel(
  shop: string,
  id: number,
  fields: {
    stage: string;
    carrier?: string;
    stageSince?: Date;
    openIncident?: string;
    incidentSince?: Date;
    orderId?: string | null;
  },
) {
  await prisma.supplierOrder.create({
    data: {
      shop,
      supplierOrderId: `SO-${id}`,
      orderId: fields.orderId === undefined ? gid(id) : fields.orderId,
      orderName: `#${id}`,
      guide: `G${id}`,
      carrier: fields.carrier ?? "SERVIENTREGA",
      rawStatus: fields.stage.toUpperCase(),
      stage: fields.stage,
      stageSince: fields.stageSince ?? daysAgo(1),
      openIncident: fields.openIncident ?? null,
      incidentSince: fields.incidentSince ?? null,
      createdAt: new Date(Date.UTC(2026, 10, 1, id % 24)),
    },
  });
}

describe("the parcels the delivery log reads", () => {
  it("gives each store order its supplier orders with the log's word, and never another shop's", async () => {
    const shop = shopDomain();
    await parcel(shop, 1, { stage: "in_transit" });
    await parcel(shop, 2, { stage: "in_transit", openIncident: "NOVEDAD", incidentSince: daysAgo(1) });
    await parcel(shop, 3, { stage: "at_supplier" });
    await parcel(shopDomain(), 4, { stage: "delivered" });
    const parcels = await parcelsOfOrders(shop, [gid(1), gid(2), gid(3), gid(4)]);
    expect([...parcels.keys()].sort()).toEqual([gid(1), gid(2), gid(3)]);
    expect(parcels.get(gid(1))).toEqual([
      expect.objectContaining({ supplierOrderId: "SO-1", group: "on_the_way", guide: "G1", carrier: "SERVIENTREGA" }),
    ]);
    expect(parcels.get(gid(2))?.[0]).toMatchObject({ group: "incident", openIncident: "NOVEDAD" });
    // At the supplier is no group: the log says the stage itself.
    expect(parcels.get(gid(3))?.[0]).toMatchObject({ group: null, stage: "at_supplier" });
  });

  it("finds the store orders of each filter: on its way, incident, delivered, returned", async () => {
    const shop = shopDomain();
    await parcel(shop, 1, { stage: "label_created" });
    await parcel(shop, 2, { stage: "out_for_delivery" });
    await parcel(shop, 3, { stage: "in_transit", openIncident: "INTENTO DE ENTREGA" });
    await parcel(shop, 4, { stage: "delivered" });
    // An incident after the ending is history only (decision 320): delivered, not an incident.
    await parcel(shop, 5, { stage: "delivered", openIncident: "NOVEDAD" });
    await parcel(shop, 6, { stage: "returning" });
    await parcel(shop, 7, { stage: "rejected" });
    await parcel(shop, 8, { stage: "cancelled" });
    // Unmatched, and another shop's: never listed.
    await parcel(shop, 9, { stage: "delivered", orderId: null });
    await parcel(shopDomain(), 10, { stage: "delivered" });
    const sorted = async (filter: Parameters<typeof ordersInJourney>[1]) =>
      (await ordersInJourney(shop, filter, NOW)).sort();
    expect(await sorted("on_the_way")).toEqual([gid(1), gid(2)]);
    expect(await sorted("incident")).toEqual([gid(3)]);
    expect(await sorted("delivered")).toEqual([gid(4), gid(5)]);
    expect(await sorted("returned")).toEqual([gid(6), gid(7)]);
  });

  it("pages the log's deliveries of one filter with their parcels", async () => {
    const shop = shopDomain();
    for (const id of [21, 22, 23]) await createDelivery(shop, { order: restOrder({ id, name: `#${id}` }) });
    await parcel(shop, 21, { stage: "delivered" });
    await parcel(shop, 22, { stage: "in_transit" });
    const page = await listByJourney(shop, { journey: "delivered", page: 1, pageSize: 25 });
    expect(page.total).toBe(1);
    const [row] = await withParcels(shop, page.deliveries as ReturnType<typeof summarizeDelivery>[]);
    expect(row.orderName).toBe("#21");
    expect(row.parcels.map((entry) => entry.group)).toEqual(["delivered"]);
  });
});

describe("parcels that have not moved for longer than their carrier usually takes", () => {
  it("reads each carrier's days per stage: past them a parcel is stalled, within them it is not", async () => {
    const shop = shopDomain();
    const usual = DEFAULT_CARRIER_PACE.servientrega.in_transit;
    await parcel(shop, 1, { stage: "in_transit", carrier: "SERVIENTREGA S.A.", stageSince: daysAgo(usual + 1.5) });
    await parcel(shop, 2, { stage: "in_transit", carrier: "Servientrega", stageSince: daysAgo(usual - 0.5) });
    // A carrier the table does not name takes the "others" row.
    await parcel(shop, 3, {
      stage: "label_created",
      carrier: "Transportes Lejanos",
      stageSince: daysAgo(DEFAULT_CARRIER_PACE.other.label_created + 0.1),
    });
    // Ended, unmatched, at the supplier, another shop's: never stalled.
    await parcel(shop, 4, { stage: "delivered", stageSince: daysAgo(40) });
    await parcel(shop, 5, { stage: "in_transit", stageSince: daysAgo(40), orderId: null });
    await parcel(shop, 6, { stage: "at_supplier", stageSince: daysAgo(40) });
    await parcel(shopDomain(), 7, { stage: "in_transit", stageSince: daysAgo(40) });
    const stalled = await stalledParcels(shop, NOW);
    expect(stalled.map((entry) => [entry.orderName, entry.stage, entry.days, entry.usual])).toEqual([
      ["#1", "in_transit", usual + 1, usual],
      ["#3", "label_created", DEFAULT_CARRIER_PACE.other.label_created, DEFAULT_CARRIER_PACE.other.label_created],
    ]);
    expect(stalled.every((entry) => entry.days >= 1)).toBe(true);
    expect((await ordersInJourney(shop, "stalled", NOW)).sort()).toEqual([gid(1), gid(3)]);
  });

  it("times an open incident from when it opened, with the incident's days", async () => {
    const shop = shopDomain();
    const days = DEFAULT_CARRIER_PACE.coordinadora.incident;
    await parcel(shop, 1, {
      stage: "in_transit",
      carrier: "COORDINADORA",
      stageSince: daysAgo(1),
      openIncident: "NOVEDAD",
      incidentSince: daysAgo(days + 2),
    });
    await parcel(shop, 2, {
      stage: "in_transit",
      carrier: "COORDINADORA",
      stageSince: daysAgo(30),
      openIncident: "NOVEDAD",
      incidentSince: daysAgo(days - 1),
    });
    expect((await stalledParcels(shop, NOW)).map((entry) => [entry.orderName, entry.stage, entry.days])).toEqual([
      ["#1", "incident", days + 2],
    ]);
  });

  it("follows the shop's own days over the defaults, and only that shop's", async () => {
    const shop = shopDomain();
    const other = shopDomain();
    for (const name of [shop, other])
      await parcel(name, 1, { stage: "in_transit", carrier: "TCC", stageSince: daysAgo(3) });
    expect(await stalledParcels(shop, NOW)).toEqual([]);
    const pace = await carrierPaceOf(shop);
    await saveCarrierPace(shop, { ...pace, tcc: { ...pace.tcc, in_transit: 2 } });
    expect((await carrierPaceOf(shop)).tcc.in_transit).toBe(2);
    expect((await stalledParcels(shop, NOW)).map((entry) => [entry.days, entry.usual])).toEqual([[3, 2]]);
    expect(await stalledParcels(other, NOW)).toEqual([]);
  });
});
