import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { translatePlural } from "~/i18n";
import { pollingReach } from "~/services/journey/poll-view.server";
import { pollIntervalMs } from "~/services/journey/poll-schedule";
import { shopDomain } from "../../helpers/factories";

const HOUR = 3_600_000;

describe("what the supplier settings card says about polling", () => {
  it("gives the time a lost status can take from the shop's open orders and the calls an hour", async () => {
    const shop = shopDomain();
    await prisma.supplierOrder.createMany({
      data: Array.from({ length: 3_600 }, (_, index) => ({
        shop,
        supplierOrderId: String(index),
        stage: "in_transit",
      })),
    });
    await prisma.supplierOrder.create({ data: { shop, supplierOrderId: "done", stage: "delivered" } });
    // 3,600 open orders over 30 calls a minute (1,800 an hour): each asked at least every 2 hours.
    expect(await pollingReach(shop)).toEqual({
      openOrders: 3_600,
      callsPerHour: 1_800,
      intervalMinutes: 120,
      marginHours: 6,
    });
  }, 120_000);

  it("says about a day at 40,000 open orders, in both languages", () => {
    const hours = Math.round(pollIntervalMs(40_000, 30) / HOUR);
    expect(hours).toBe(22);
    const within = {
      en: translatePlural("en", "en", "polling.hours", hours),
      es: translatePlural("es", "es", "polling.hours", hours),
    };
    expect(translatePlural("en", "en", "polling.reach", 40_000, { calls: "1,800", within: within.en })).toContain(
      "40,000 open orders share 1,800 calls an hour to the marketplace: a parcel that looks late is asked about within about 22 hours",
    );
    expect(translatePlural("es", "es", "polling.reach", 40_000, { calls: "1.800", within: within.es })).toContain(
      "40.000 pedidos abiertos comparten 1.800 consultas por hora al marketplace: un paquete que parece atrasado se consulta en alrededor de 22 horas",
    );
  });

  it("never promises a poll more often than every 15 minutes to a shop with few orders", async () => {
    expect((await pollingReach(shopDomain())).intervalMinutes).toBe(15);
  });
});
