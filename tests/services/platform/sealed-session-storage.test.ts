import { Session } from "@shopify/shopify-api";
import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { resetEnvForTests } from "~/env.server";
import { forgetReadSession, readSessionsOnce } from "~/services/platform/sealed-session-storage.server";
import { sessionStorage } from "~/shopify.server";
import { TEST_ENV } from "../../helpers/test-env";

const shop = "sealed-shop.myshopify.com";

function offlineSession(accessToken = "shpat_plain_secret", refreshToken = "shprt_plain_secret") {
  return new Session({
    id: `offline_${shop}`,
    shop,
    state: "",
    isOnline: false,
    scope: "read_orders",
    accessToken,
    expires: new Date(Date.now() + 3_600_000),
    refreshToken,
    refreshTokenExpires: new Date(Date.now() + 86_400_000),
  });
}

afterEach(() => {
  process.env.ENCRYPTION_KEY = TEST_ENV.ENCRYPTION_KEY;
  delete process.env.ENCRYPTION_KEYS_PREVIOUS;
  resetEnvForTests();
});

describe("sealed session storage", () => {
  it("stores the access and refresh tokens sealed and loads them open", async () => {
    await sessionStorage.storeSession(offlineSession());
    const row = await prisma.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } });
    expect(row.accessToken).toMatch(/^v1\./);
    expect(row.refreshToken).toMatch(/^v1\./);
    expect(JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain("plain_secret");

    const loaded = await sessionStorage.loadSession(`offline_${shop}`);
    expect(loaded?.accessToken).toBe("shpat_plain_secret");
    expect(loaded?.refreshToken).toBe("shprt_plain_secret");
    expect((await sessionStorage.findSessionsByShop(shop))[0].accessToken).toBe("shpat_plain_secret");
  });

  it("opens tokens sealed with a previous key after a rotation, and reseals with the new key on the next store", async () => {
    await sessionStorage.storeSession(offlineSession());
    const before = await prisma.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } });
    process.env.ENCRYPTION_KEY = "b".repeat(64);
    process.env.ENCRYPTION_KEYS_PREVIOUS = TEST_ENV.ENCRYPTION_KEY;
    resetEnvForTests();

    const loaded = await sessionStorage.loadSession(`offline_${shop}`);
    expect(loaded?.refreshToken).toBe("shprt_plain_secret");
    await sessionStorage.storeSession(loaded!);
    const after = await prisma.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } });
    expect(after.accessToken.split(".")[1]).not.toBe(before.accessToken.split(".")[1]);
  });

  it("reads a row written before sealing, and seals it at the next store", async () => {
    await prisma.session.create({
      data: { id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken: "shpat_legacy" },
    });
    const loaded = await sessionStorage.loadSession(`offline_${shop}`);
    expect(loaded?.accessToken).toBe("shpat_legacy");
    await sessionStorage.storeSession(loaded!);
    expect((await prisma.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } })).accessToken).toMatch(/^v1\./);
  });
});

describe("one read per unit of work (docs/decisions/167)", () => {
  const id = `offline_${shop}`;

  it("gives the first read's session to later reads in the scope, and reads the table again outside it", async () => {
    await sessionStorage.storeSession(offlineSession("shpat_first"));
    await readSessionsOnce(async () => {
      expect((await sessionStorage.loadSession(id))?.accessToken).toBe("shpat_first");
      // Another process refreshes: this unit of work keeps the token it started with (still valid until it expires).
      await prisma.session.update({ where: { id }, data: { accessToken: "shpat_other_process" } });
      const again = await sessionStorage.loadSession(id);
      expect(again?.accessToken).toBe("shpat_first");
      // A copy: changing it does not change what the next reader gets.
      again!.accessToken = "changed";
      expect((await sessionStorage.loadSession(id))?.accessToken).toBe("shpat_first");
    });
    expect((await sessionStorage.loadSession(id))?.accessToken).toBe("shpat_other_process");
  });

  it("reads the table again after a store, a delete or forgetReadSession in the scope", async () => {
    await sessionStorage.storeSession(offlineSession("shpat_first"));
    await readSessionsOnce(async () => {
      await sessionStorage.loadSession(id);
      await sessionStorage.storeSession(offlineSession("shpat_refreshed"));
      expect((await sessionStorage.loadSession(id))?.accessToken).toBe("shpat_refreshed");

      await prisma.session.update({ where: { id }, data: { accessToken: "shpat_other_process" } });
      forgetReadSession(id);
      expect((await sessionStorage.loadSession(id))?.accessToken).toBe("shpat_other_process");

      await sessionStorage.deleteSession(id);
      expect(await sessionStorage.loadSession(id)).toBeUndefined();
    });
  });
});
