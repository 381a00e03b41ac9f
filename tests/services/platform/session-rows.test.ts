import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { readStoredSession } from "~/services/platform/session-rows.server";
import { shopDomain } from "../../helpers/factories";

// Runs on SQLite and, in the PostgreSQL pass, on PostgreSQL: the raw values differ (text dates and 0/1 there).
const library = new PrismaSessionStorage(prisma);

const variants: [string, (shop: string) => Session][] = [
  [
    "an expiring offline session with its refresh token",
    (shop) =>
      new Session({
        id: `offline_${shop}`,
        shop,
        state: "state-1",
        isOnline: false,
        scope: "read_orders,write_orders",
        accessToken: "shpat_expiring",
        expires: new Date("2027-01-02T03:04:05.678Z"),
        refreshToken: "shprt_refresh",
        refreshTokenExpires: new Date("2027-04-02T03:04:05.678Z"),
      }),
  ],
  [
    "a non-expiring offline session (no expiry, no refresh token, no scope)",
    (shop) => new Session({ id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken: "shpat_forever" }),
  ],
  [
    "an online session with its user",
    (shop) =>
      new Session({
        id: `${shop}_902541635`,
        shop,
        state: "state-2",
        isOnline: true,
        scope: "read_orders",
        accessToken: "shpua_online",
        expires: new Date("2026-11-24T00:00:00.000Z"),
        onlineAccessInfo: {
          expires_in: 86_400,
          associated_user_scope: "read_orders",
          associated_user: {
            id: 902541635,
            first_name: "Ana",
            last_name: "Pérez",
            email: "ana@example.com",
            email_verified: true,
            account_owner: false,
            locale: "es-CO",
            collaborator: false,
          },
        } as Session["onlineAccessInfo"],
      }),
  ],
];

describe("a stored session read without Prisma's client (docs/decisions/183)", () => {
  it.each(variants)("reads %s as the library's Prisma storage does", async (_name, make) => {
    const session = make(shopDomain());
    await library.storeSession(session);

    const mine = await readStoredSession(session.id);
    const theirs = await library.loadSession(session.id);
    expect(theirs).toBeDefined();
    expect(mine?.toObject()).toEqual(theirs!.toObject());
    expect(mine?.equals(theirs)).toBe(true);
    expect(mine?.isActive(session.scope ?? "")).toBe(theirs!.isActive(session.scope ?? ""));
  });

  it("reads nothing for an id with no row, and only that id's row", async () => {
    const shop = shopDomain();
    await library.storeSession(variants[0][1](shop));
    expect(await readStoredSession(`offline_other-${shop}`)).toBeUndefined();
    expect((await readStoredSession(`offline_${shop}`))?.shop).toBe(shop);
  });
});
