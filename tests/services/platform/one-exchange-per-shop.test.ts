import { describe, expect, it } from "vitest";
import { EXPIRY_MARGIN_MS, oneExchangePerShop, sessionTokenOf } from "~/services/platform/one-exchange-per-shop.server";

/**
 * A stand-in for the library's authenticate.admin with its storage: it exchanges when no session is stored for the
 * shop (or it expires within the margin), taking `exchangeMs`, and counts the exchanges.
 */
function fakeLibrary({ exchangeMs = 20, lifetimeMs = 60 * 60 * 1000, now = () => Date.now(), fail = false } = {}) {
  const stored = new Map<string, Date>();
  const exchanges: string[] = [];
  let failing = fail;
  return {
    exchanges,
    stored,
    stopFailing: () => (failing = false),
    authenticate: async (request: Request) => {
      const shop = new URL(request.url).searchParams.get("shop") ?? "";
      await new Promise((resolve) => setTimeout(resolve, 1));
      const expires = stored.get(shop);
      if (!expires || expires.getTime() - EXPIRY_MARGIN_MS <= now()) {
        exchanges.push(shop);
        await new Promise((resolve) => setTimeout(resolve, exchangeMs));
        if (failing) throw new Response(null, { status: 500 });
        stored.set(shop, new Date(now() + lifetimeMs));
      }
      return { session: { shop, expires: stored.get(shop) } };
    },
  };
}

const shopOf = async (request: Request) => new URL(request.url).searchParams.get("shop") ?? undefined;
const open = (shop: string) => new Request(`https://app.test/app?shop=${shop}`);

describe("one token exchange per shop", () => {
  it("lets parallel first opens of one shop share one exchange", async () => {
    const library = fakeLibrary();
    const authenticate = oneExchangePerShop(library.authenticate, { shopOf });
    const contexts = await Promise.all([1, 2, 3].map(() => authenticate(open("a.myshopify.com"))));
    expect(library.exchanges).toEqual(["a.myshopify.com"]);
    expect(contexts.map((context) => context.session.shop)).toEqual(Array(3).fill("a.myshopify.com"));
  });

  it("does not make one shop wait for another's exchange", async () => {
    const library = fakeLibrary();
    const authenticate = oneExchangePerShop(library.authenticate, { shopOf });
    await Promise.all([authenticate(open("a.myshopify.com")), authenticate(open("b.myshopify.com"))]);
    expect(library.exchanges.sort()).toEqual(["a.myshopify.com", "b.myshopify.com"]);
  });

  it("lets the waiting requests try for themselves when the first one fails", async () => {
    const library = fakeLibrary({ fail: true });
    const authenticate = oneExchangePerShop(library.authenticate, { shopOf });
    const first = authenticate(open("a.myshopify.com"));
    const second = authenticate(open("a.myshopify.com"));
    await expect(first).rejects.toBeInstanceOf(Response);
    library.stopFailing();
    await expect(second).resolves.toMatchObject({ session: { shop: "a.myshopify.com" } });
    expect(library.exchanges).toEqual(["a.myshopify.com", "a.myshopify.com"]);
  });

  it("shares the exchange again when the known session nears its expiry", async () => {
    let clock = Date.now();
    const now = () => clock;
    const library = fakeLibrary({ now, lifetimeMs: EXPIRY_MARGIN_MS + 60_000 });
    const authenticate = oneExchangePerShop(library.authenticate, { shopOf, now });
    await authenticate(open("a.myshopify.com"));
    clock += 61_000;
    await Promise.all([1, 2].map(() => authenticate(open("a.myshopify.com"))));
    expect(library.exchanges).toEqual(["a.myshopify.com", "a.myshopify.com"]);
  });

  it("passes requests without a verified shop straight to the library", async () => {
    const library = fakeLibrary();
    const authenticate = oneExchangePerShop(library.authenticate, { shopOf: async () => undefined });
    await Promise.all([1, 2].map(() => authenticate(open("a.myshopify.com"))));
    expect(library.exchanges).toEqual(["a.myshopify.com", "a.myshopify.com"]);
  });

  it("reads the session token where the library does: bearer header first, then id_token", () => {
    expect(
      sessionTokenOf(new Request("https://app.test/app?id_token=q", { headers: { Authorization: "Bearer h" } })),
    ).toBe("h");
    expect(sessionTokenOf(new Request("https://app.test/app?id_token=q"))).toBe("q");
    expect(sessionTokenOf(new Request("https://app.test/app"))).toBeUndefined();
  });
});
