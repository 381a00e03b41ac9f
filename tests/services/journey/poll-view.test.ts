import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { translatePlural } from "~/i18n";
import { pollingReach } from "~/services/journey/poll-view.server";
import { shopDomain } from "../../helpers/factories";

describe("what the supplier settings card says about polling", () => {
  it("gives the time a lost status can take from the open orders and the calls an hour", async () => {
    const shop = shopDomain();
    for (let from = 0; from < 40_000; from += 5_000) {
      await prisma.supplierOrder.createMany({
        data: Array.from({ length: 5_000 }, (_, index) => ({
          shop,
          supplierOrderId: String(from + index),
          stage: "in_transit",
        })),
      });
    }
    await prisma.supplierOrder.create({ data: { shop, supplierOrderId: "done", stage: "delivered" } });
    // 40,000 open orders over 30 calls a minute (1,800 an hour): each asked at least every 22.2 hours.
    expect(await pollingReach(shop)).toEqual({
      openOrders: 40_000,
      callsPerHour: 1_800,
      intervalMinutes: 1_334,
      marginHours: 6,
    });
    const within = {
      en: translatePlural("en", "en", "polling.hours", 22),
      es: translatePlural("es", "es", "polling.hours", 22),
    };
    expect(translatePlural("en", "en", "polling.reach", 40_000, { calls: "1,800", within: within.en })).toContain(
      "40,000 open orders share 1,800 calls an hour to the marketplace: a parcel that looks late is asked about within about 22 hours",
    );
    expect(translatePlural("es", "es", "polling.reach", 40_000, { calls: "1.800", within: within.es })).toContain(
      "se consulta en alrededor de 22 horas",
    );
    expect(Object.keys(es)).toEqual(
      expect.arrayContaining(Object.keys(en).filter((key) => key.startsWith("polling."))),
    );
  }, 60_000);

  it("never promises a poll more often than every 15 minutes to a shop with few orders", async () => {
    expect((await pollingReach(shopDomain())).intervalMinutes).toBe(15);
  });
});
