import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { getOrderRules } from "~/services/screening/rules.server";
import { clearAccessTokenIfStored, readStoredSession } from "~/services/platform/session-rows.server";
import { findSettingsByApiKey, getShopSettings } from "~/services/shops/configuration.server";
import { onPostgres } from "../../helpers/db";
import { createConfiguration, createSession, shopDomain } from "../../helpers/factories";

/*
 * What the order path reads beside its deliveries, each from its own domain's module in plain SQL (not through the
 * delivery store): the shop's configuration, its order rules and its session. Runs on SQLite by default and on
 * PostgreSQL in `npx tsx scripts/test-postgres.ts --unit tests/services/shops/order-path-reads.test.ts`.
 */

describe(`what the order path reads beside its deliveries, on ${onPostgres() ? "PostgreSQL" : "SQLite"}`, () => {
  it("reads the shop's configuration by shop and by API key, and nothing for another shop", async () => {
    const shop = shopDomain();
    await createConfiguration(shop, { newOrderFlowId: "f_101", automationApiKey: "key-1" });
    expect(await getShopSettings(shop)).toMatchObject({ shop, newOrderFlowId: "f_101", automationApiKey: "key-1" });
    expect((await findSettingsByApiKey("key-1"))?.shop).toBe(shop);
    expect(await getShopSettings(shopDomain())).toBeNull();
  });

  it("reads the shop's order rules as saved, and the defaults before any", async () => {
    const shop = shopDomain();
    expect((await getOrderRules(shop)).sendingHours.on).toBe(false);
    await prisma.orderRules.create({ data: { shop, sendingHoursOn: true, duplicateWindowMinutes: 30 } });
    const rules = await getOrderRules(shop);
    expect([rules.sendingHours.on, rules.duplicateWindowMinutes]).toEqual([true, 30]);
  });

  it("reads the shop's session, and clears its token only while it is the one read", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const session = (await readStoredSession(`offline_${shop}`))!;
    expect(session).toMatchObject({ shop, accessToken: expect.any(String) as string });
    expect(await clearAccessTokenIfStored(session.id, "another token")).toBe(false);
    expect(await clearAccessTokenIfStored(session.id, session.accessToken!)).toBe(true);
    expect((await readStoredSession(session.id))!.accessToken).toBeUndefined();
  });
});
