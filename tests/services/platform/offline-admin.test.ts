import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { getOfflineSession, graphqlUrl, platformGraphql } from "~/services/platform/graphql.server";
import { loadOfflineSession } from "~/services/platform/offline-admin.server";
import { clearAccessTokenIfStored, readStoredSession } from "~/services/platform/session-rows.server";
import { createSession, shopDomain } from "../../helpers/factories";
import { server } from "../../mocks/server";

const QUERY = `#graphql
  query ShopName { shop { name } }`;

interface TokenRequest {
  grant_type: string;
  refresh_token?: string;
  subject_token?: string;
  subject_token_type?: string;
  expiring?: string;
}

/**
 * The platform's token rules for one shop: a refresh rotates the pair; the refresh token used stays usable
 * until its replacement is used (then it is retired), and using it again replaces that replacement. Access
 * tokens are accepted until the platform is told otherwise. `delayFirstRefresh` holds the first refresh
 * answer back, so that a later refresh's answer arrives first (the order that loses a token without a lease).
 */
function platformTokens(shop: string, options: { refreshToken: string; accessToken: string; lifetimeS?: number }) {
  let issued = 0;
  let current = options.refreshToken;
  let previous: string | null = null;
  const accessTokens = new Set([options.accessToken]);
  const refreshes: string[] = [];
  const refused: string[] = [];
  /** The access token of every admin API call, in order. */
  const calls: string[] = [];
  /** Runs before the platform answers a refused call (another process storing a token meanwhile). */
  let beforeRefusing: (() => Promise<void>) | null = null;
  let delayNext = 0;
  server.use(
    http.post(`https://${shop}/admin/oauth/access_token`, async ({ request }) => {
      const body = (await request.json()) as TokenRequest;
      const answer = () => {
        issued++;
        const pair = { access: `shpat_new_${issued}`, refresh: `shprt_new_${issued}` };
        accessTokens.add(pair.access);
        return {
          access_token: pair.access,
          scope: "read_orders",
          expires_in: options.lifetimeS ?? 1,
          refresh_token: pair.refresh,
          refresh_token_expires_in: 7_776_000,
        };
      };
      if (body.grant_type === "refresh_token") {
        const token = body.refresh_token ?? "";
        refreshes.push(token);
        let response;
        if (token === current) {
          response = answer();
          previous = current;
          current = response.refresh_token;
        } else if (token === previous) {
          response = answer();
          current = response.refresh_token;
        } else {
          refused.push(token);
          return HttpResponse.json({ error: "invalid_grant" }, { status: 400 });
        }
        const delay = delayNext;
        delayNext = 0;
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        return HttpResponse.json(response);
      }
      if (body.subject_token_type?.endsWith("offline-access-token") && body.expiring === "1") {
        if (!accessTokens.has(body.subject_token ?? ""))
          return HttpResponse.json({ error: "invalid_subject_token" }, { status: 400 });
        const response = answer();
        previous = null;
        current = response.refresh_token;
        return HttpResponse.json(response);
      }
      return HttpResponse.json({ error: "unsupported_grant_type" }, { status: 400 });
    }),
    http.post(graphqlUrl(shop), async ({ request }) => {
      const token = request.headers.get("X-Shopify-Access-Token") ?? "";
      calls.push(token);
      if (accessTokens.has(token)) return HttpResponse.json({ data: { shop: { name: "Tienda" } } });
      const before = beforeRefusing;
      beforeRefusing = null;
      await before?.();
      return new HttpResponse(null, { status: 401 });
    }),
  );
  return {
    refreshes,
    refused,
    calls,
    current: () => current,
    /** Withdraws the app's access: every access token and refresh token issued so far is refused from now on. */
    revoke() {
      accessTokens.clear();
      current = "withdrawn";
      previous = null;
    },
    /** Refuses the access tokens only: the refresh token still gives a new pair. */
    refuseAccessTokens() {
      accessTokens.clear();
    },
    accept(token: string) {
      accessTokens.add(token);
    },
    beforeNextRefusal(work: () => Promise<void>) {
      beforeRefusing = work;
    },
    delayFirstRefresh(ms: number) {
      delayNext = ms;
    },
  };
}

describe("offline admin client", () => {
  it("refreshes an expired offline token and stores the rotated pair", async () => {
    const shop = shopDomain();
    await createSession(shop, {
      accessToken: "shpat_old",
      refreshToken: "shprt_old",
      expires: new Date(Date.now() - 1000),
    });
    const platform = platformTokens(shop, { refreshToken: "shprt_old", accessToken: "shpat_old", lifetimeS: 3600 });

    await platformGraphql({ shop }, QUERY);

    expect(platform.refreshes).toEqual(["shprt_old"]);
    const stored = await loadOfflineSession(shop);
    expect(stored?.accessToken).toBe("shpat_new_1");
    expect(stored?.refreshToken).toBe("shprt_new_1");
    expect(stored!.expires!.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it("does not refresh a token that is far from expiring", async () => {
    const shop = shopDomain();
    await createSession(shop, { accessToken: "shpat_old", refreshToken: "shprt_old" });
    const platform = platformTokens(shop, { refreshToken: "shprt_old", accessToken: "shpat_old" });
    await platformGraphql({ shop }, QUERY);
    expect(platform.refreshes).toEqual([]);
  });

  it("keeps a usable refresh token when many calls refresh the same shop at once", async () => {
    const shop = shopDomain();
    await createSession(shop, {
      accessToken: "shpat_old",
      refreshToken: "shprt_old",
      expires: new Date(Date.now() - 1000),
    });
    // Tokens live one second, inside the library's refresh window: every call refreshes.
    const platform = platformTokens(shop, { refreshToken: "shprt_old", accessToken: "shpat_old" });
    // The first refresh answers last: without the lease its older pair would be stored over the newer one.
    platform.delayFirstRefresh(300);

    await Promise.all(Array.from({ length: 6 }, () => platformGraphql({ shop }, QUERY)));

    const stored = await loadOfflineSession(shop);
    expect(stored?.refreshToken).toBe(platform.current());
    // The stored refresh token still works afterwards.
    await platformGraphql({ shop }, QUERY);
    expect(platform.refused).toEqual([]);
    // Each refresh used the pair the one before it stored: strictly one after another.
    expect(platform.refreshes).toEqual(["shprt_old", ...Array.from({ length: 6 }, (_, i) => `shprt_new_${i + 1}`)]);
    expect(await prisma.platformTokenLease.count()).toBe(0);
  });

  it("exchanges a non-expiring offline token for an expiring one without the merchant", async () => {
    const shop = shopDomain();
    await createSession(shop, { accessToken: "shpat_forever", expiring: false });
    const platform = platformTokens(shop, { refreshToken: "unused", accessToken: "shpat_forever", lifetimeS: 3600 });

    await platformGraphql({ shop }, QUERY);

    const stored = await loadOfflineSession(shop);
    expect(stored?.accessToken).toBe("shpat_new_1");
    expect(stored?.refreshToken).toBe(platform.current());
    expect(stored?.expires).toBeInstanceOf(Date);
  });

  it("clears an access token the platform refused, keeps the shop installed, and sends nothing more with it", async () => {
    const shop = shopDomain();
    await createSession(shop, { accessToken: "shpat_revoked", refreshToken: "shprt_old" });
    const platform = platformTokens(shop, { refreshToken: "shprt_old", accessToken: "shpat_revoked" });
    platform.revoke();

    await expect(platformGraphql({ shop }, QUERY)).rejects.toMatchObject({ status: 502, code: "UNAUTHORIZED" });

    // As the library does for its own admin client: the token goes, the session stays, so the shop's next
    // embedded request exchanges a new token, and callbacks still find the shop installed.
    const stored = await loadOfflineSession(shop);
    expect(stored?.accessToken).toBeUndefined();
    expect(stored?.refreshToken).toBe("shprt_old");
    expect(await getOfflineSession(shop)).toEqual({ shop });
    expect(platform.calls).toEqual(["shpat_revoked"]);

    // Until then every call fails at once, worded with what to do, without a request to the platform.
    await expect(platformGraphql({ shop }, QUERY)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(platformGraphql({ shop }, QUERY)).rejects.toThrow(/open the app from the store's admin/);
    expect(platform.calls).toEqual(["shpat_revoked"]);
    expect(await prisma.platformTokenLease.count()).toBe(0);

    // A token stored by the next exchange is used again.
    platform.accept("shpat_exchanged");
    await createSession(shop, { accessToken: "shpat_exchanged", refreshToken: "shprt_exchanged" });
    await expect(platformGraphql({ shop }, QUERY)).resolves.toEqual({ shop: { name: "Tienda" } });
  });

  it("refreshes the pair instead of clearing it when the refresh token still works", async () => {
    const shop = shopDomain();
    await createSession(shop, { accessToken: "shpat_refused", refreshToken: "shprt_old" });
    const platform = platformTokens(shop, { refreshToken: "shprt_old", accessToken: "shpat_refused", lifetimeS: 3600 });
    platform.refuseAccessTokens();

    await expect(platformGraphql({ shop }, QUERY)).resolves.toEqual({ shop: { name: "Tienda" } });

    expect(platform.refreshes).toEqual(["shprt_old"]);
    expect(platform.calls).toEqual(["shpat_refused", "shpat_new_1"]);
    expect((await loadOfflineSession(shop))?.accessToken).toBe("shpat_new_1");
  });

  it("clears nothing when a new token is stored between its read and its conditional update", async () => {
    const shop = shopDomain();
    const id = `offline_${shop}`;
    await createSession(shop, { accessToken: "shpat_refused" });
    const stored = await readStoredSession(id);
    // The library's token exchange takes no lease of the app's: its write may land after the row was read.
    await createSession(shop, { accessToken: "shpat_exchanged" });

    expect(await clearAccessTokenIfStored(id, stored!.accessToken!)).toBe(false);
    expect((await loadOfflineSession(shop))?.accessToken).toBe("shpat_exchanged");
  });

  it("keeps the token when the platform refuses a call with 403 (a permission, not the token)", async () => {
    const shop = shopDomain();
    await createSession(shop, { accessToken: "shpat_ok" });
    server.use(http.post(graphqlUrl(shop), () => new HttpResponse(null, { status: 403 })));

    await expect(platformGraphql({ shop }, QUERY)).rejects.toMatchObject({ status: 502, code: "FORBIDDEN" });
    expect((await loadOfflineSession(shop))?.accessToken).toBe("shpat_ok");
  });

  it("keeps a token another process stored while the refused call was in flight, and uses it", async () => {
    const shop = shopDomain();
    await createSession(shop, { accessToken: "shpat_old", refreshToken: "shprt_old" });
    const platform = platformTokens(shop, { refreshToken: "shprt_old", accessToken: "shpat_old" });
    platform.revoke();
    // Another process exchanged a new token just before the platform refused this call's old one.
    platform.beforeNextRefusal(async () => {
      platform.accept("shpat_fresh");
      await createSession(shop, { accessToken: "shpat_fresh", refreshToken: "shprt_fresh" });
    });

    await expect(platformGraphql({ shop }, QUERY)).resolves.toEqual({ shop: { name: "Tienda" } });

    expect(platform.calls).toEqual(["shpat_old", "shpat_fresh"]);
    expect((await loadOfflineSession(shop))?.accessToken).toBe("shpat_fresh");
  });

  it("answers 502 with a stable code when the platform refuses the refresh token", async () => {
    const shop = shopDomain();
    await createSession(shop, {
      accessToken: "shpat_old",
      refreshToken: "shprt_revoked",
      expires: new Date(Date.now() - 1000),
    });
    platformTokens(shop, { refreshToken: "shprt_other", accessToken: "shpat_old" });
    await expect(platformGraphql({ shop }, QUERY)).rejects.toMatchObject({ status: 502, code: "token_refresh_failed" });
    expect(await prisma.platformTokenLease.count()).toBe(0);
  });
});
