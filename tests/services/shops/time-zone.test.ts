import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { deleteShopData } from "~/services/shops/lifecycle.server";
import { shopTimeZone, storeShopTimeZone, TIME_ZONE_REFRESH_MS } from "~/services/shops/time-zone.server";
import { createSession, shopDomain } from "../../helpers/factories";
import { captureLogs } from "../../helpers/logs";
import { mockPlatform } from "../../mocks/platform";

const NOW = new Date("2026-11-26T15:00:00Z");
const noSleep = async () => {};

describe("the shop's time zone", () => {
  it("asks the platform at first need, stores the zone and answers from the store afterwards", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const calls = mockPlatform(shop, { ShopTimeZone: () => ({ shop: { ianaTimezone: "America/Bogota" } }) });

    expect(await shopTimeZone(shop, NOW)).toBe("America/Bogota");
    expect(await shopTimeZone(shop, new Date(NOW.getTime() + 60_000))).toBe("America/Bogota");

    expect(calls.map((call) => call.operationName)).toEqual(["ShopTimeZone"]);
    expect(calls[0].query).toContain("ianaTimezone");
    const stored = await prisma.shopTimeZone.findUniqueOrThrow({ where: { shop } });
    expect(stored).toMatchObject({ timeZone: "America/Bogota", fetchedAt: NOW });
  });

  it("never refreshes the shop's token to ask: with a token about to expire it answers UTC and asks next time", async () => {
    const shop = shopDomain();
    // Inside the refresh window: an ask now would refresh the pair beside a page load's token exchange.
    await createSession(shop, { expires: new Date(Date.now() + 30_000) });
    const calls = mockPlatform(shop, { ShopTimeZone: () => ({ shop: { ianaTimezone: "America/Bogota" } }) });
    expect(await shopTimeZone(shop, NOW)).toBe("UTC");
    expect(calls).toEqual([]);
    expect(await prisma.shopTimeZone.findUnique({ where: { shop } })).toBeNull();

    await prisma.session.update({
      where: { id: `offline_${shop}` },
      data: { expires: new Date(Date.now() + 3_600_000) },
    });
    expect(await shopTimeZone(shop, NOW)).toBe("America/Bogota");
    expect(calls.map((call) => call.operationName)).toEqual(["ShopTimeZone"]);
  });

  it("asks again once the stored zone is a day old and keeps the new one", async () => {
    const shop = shopDomain();
    await createSession(shop);
    await storeShopTimeZone(shop, "America/Bogota", NOW);
    const calls = mockPlatform(shop, { ShopTimeZone: () => ({ shop: { ianaTimezone: "America/Mexico_City" } }) });

    expect(await shopTimeZone(shop, new Date(NOW.getTime() + TIME_ZONE_REFRESH_MS - 1))).toBe("America/Bogota");
    expect(calls).toHaveLength(0);
    expect(await shopTimeZone(shop, new Date(NOW.getTime() + TIME_ZONE_REFRESH_MS))).toBe("America/Mexico_City");
    expect(calls).toHaveLength(1);
  });

  it("keeps the stored zone when the platform cannot answer, logs why, and waits before asking again", async () => {
    const shop = shopDomain();
    await createSession(shop);
    await storeShopTimeZone(shop, "America/Bogota", new Date(NOW.getTime() - 2 * TIME_ZONE_REFRESH_MS));
    const calls = mockPlatform(shop, {
      ShopTimeZone: () => HttpResponse.json({ errors: "Internal error" }, { status: 500 }),
    });
    const logs = captureLogs();

    expect(await shopTimeZone(shop, NOW, { sleep: noSleep })).toBe("America/Bogota");
    expect(await shopTimeZone(shop, new Date(NOW.getTime() + 60_000), { sleep: noSleep })).toBe("America/Bogota");

    expect(calls).toHaveLength(2); // two attempts of the one ask; the second read waits
    expect(logs.text()).toContain("could not read the shop's time zone");
    logs.stop();
  });

  it("is UTC for a shop the app is not installed on, without asking anyone", async () => {
    expect(await shopTimeZone(shopDomain(), NOW)).toBe("UTC");
  });

  it("is UTC when the platform gives a zone the runtime does not know", async () => {
    const shop = shopDomain();
    await createSession(shop);
    mockPlatform(shop, { ShopTimeZone: () => ({ shop: { ianaTimezone: "Mars/Olympus_Mons" } }) });
    const logs = captureLogs();

    expect(await shopTimeZone(shop, NOW)).toBe("UTC");
    expect((await prisma.shopTimeZone.findUniqueOrThrow({ where: { shop } })).timeZone).toBe("UTC");
    expect(logs.text()).toContain('"timeZone":"Mars/Olympus_Mons"');
    logs.stop();
  });

  it("is deleted with the rest of the shop's data", async () => {
    const shop = shopDomain();
    await storeShopTimeZone(shop, "America/Bogota", NOW);
    await deleteShopData(shop);
    expect(await prisma.shopTimeZone.count({ where: { shop } })).toBe(0);
  });
});
