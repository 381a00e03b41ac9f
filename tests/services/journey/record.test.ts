import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { applyStatusEvents, insertStatusEvent } from "~/services/journey/record.server";
import { saveStatusMap } from "~/services/journey/settings.server";
import { shopDomain } from "../../helpers/factories";

describe("recording and applying status events", () => {
  it("keeps the same status at the same reported time once, and at another reported time as another event", async () => {
    const shop = shopDomain();
    const at = new Date("2026-11-25T09:00:00Z");
    expect(await insertStatusEvent(shop, "push", { supplierOrderId: "A", rawStatus: "NOVEDAD", reportedAt: at })).toBe(
      true,
    );
    expect(await insertStatusEvent(shop, "poll", { supplierOrderId: "A", rawStatus: "novedad", reportedAt: at })).toBe(
      false,
    );
    const later = new Date("2026-11-26T09:00:00Z");
    expect(
      await insertStatusEvent(shop, "push", { supplierOrderId: "A", rawStatus: "NOVEDAD", reportedAt: later }),
    ).toBe(true);
    expect(await prisma.supplierStatusEvent.count({ where: { shop } })).toBe(2);
  });

  it("never overwrites a projection made from more events than it read", async () => {
    const shop = shopDomain();
    await prisma.supplierOrder.create({ data: { shop, supplierOrderId: "A", stage: "delivered", eventCount: 5 } });
    await insertStatusEvent(shop, "push", { supplierOrderId: "A", rawStatus: "EN TRANSITO" });
    await applyStatusEvents(shop, "A");
    expect(await prisma.supplierOrder.findFirst({ where: { shop } })).toMatchObject({
      stage: "delivered",
      eventCount: 5,
    });
  });

  it("reads the stored events again under the shop's map when it changes", async () => {
    const shop = shopDomain();
    await insertStatusEvent(shop, "push", { supplierOrderId: "A", rawStatus: "EN ADUANA" });
    expect(await applyStatusEvents(shop, "A")).toMatchObject({ stage: "unknown" });
    await saveStatusMap(shop, { "en aduana": "in_transit" });
    expect(await applyStatusEvents(shop, "A")).toMatchObject({ stage: "in_transit" });
    expect(await prisma.supplierStatusEvent.findFirst({ where: { shop } })).toMatchObject({ stage: "in_transit" });
  });
});
