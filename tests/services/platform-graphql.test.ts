import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { PlatformApiError } from "~/services/platform/errors.server";
import { ANSWER_LOST, graphqlUrl, platformGraphql } from "~/services/platform/graphql.server";
import throttled from "../fixtures/reference/platform-graphql-throttled.json";
import { createSession } from "../helpers/factories";
import { server } from "../mocks/server";

const session = { shop: "graphql-shop.myshopify.com" };
const QUERY = `#graphql
  query ShopName { shop { name } }`;
const MUTATION = `#graphql
  mutation TagOrder { tagsAdd(id: "gid://shopify/Order/1", tags: ["x"]) { userErrors { message } } }`;

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe("platform GraphQL client", () => {
  beforeEach(async () => {
    await createSession(session.shop, { accessToken: "shpat_secret" });
  });

  it("posts the operation to the 2026-10 endpoint with the shop's access token", async () => {
    let seen: { headers: Headers; body: unknown } | undefined;
    server.use(
      http.post(graphqlUrl(session.shop), async ({ request }) => {
        seen = { headers: request.headers, body: await request.json() };
        return HttpResponse.json({ data: { shop: { name: "Tienda" } } });
      }),
    );
    const data = (await platformGraphql(session, QUERY, { a: 1 })) as { shop: { name: string } };
    expect(data.shop.name).toBe("Tienda");
    expect(graphqlUrl(session.shop)).toBe("https://graphql-shop.myshopify.com/admin/api/2026-10/graphql.json");
    expect(seen?.headers.get("X-Shopify-Access-Token")).toBe("shpat_secret");
    expect(seen?.body).toEqual({ query: QUERY, variables: { a: 1 } });
  });

  it("waits as the throttle status says after a THROTTLED answer, then succeeds", async () => {
    let calls = 0;
    server.use(
      http.post(graphqlUrl(session.shop), () =>
        ++calls === 1 ? HttpResponse.json(throttled) : HttpResponse.json({ data: { shop: { name: "ok" } } }),
      ),
    );
    const { waits, sleep } = recordingSleep();
    await platformGraphql(session, QUERY, {}, { sleep });
    expect(calls).toBe(2);
    // (752 requested - 66 available) / 50 per second = 13.72 s
    expect(waits).toEqual([13820]);
  });

  it("honours Retry-After on HTTP 429", async () => {
    let calls = 0;
    server.use(
      http.post(graphqlUrl(session.shop), () =>
        ++calls === 1
          ? HttpResponse.json(throttled, { status: 429, headers: { "Retry-After": "2" } })
          : HttpResponse.json({ data: { shop: { name: "ok" } } }),
      ),
    );
    const { waits, sleep } = recordingSleep();
    await platformGraphql(session, QUERY, {}, { sleep });
    expect(waits).toEqual([2000]);
  });

  it("gives up with 429 after the last throttled attempt", async () => {
    server.use(http.post(graphqlUrl(session.shop), () => HttpResponse.json(throttled)));
    const { sleep } = recordingSleep();
    await expect(platformGraphql(session, QUERY, {}, { sleep, maxAttempts: 3 })).rejects.toMatchObject({
      status: 429,
      codes: ["THROTTLED"],
    });
  });

  it("reports ACCESS_DENIED as 403 with the platform's code", async () => {
    server.use(
      http.post(graphqlUrl(session.shop), () =>
        HttpResponse.json({
          errors: [{ message: "Access denied for orders field.", extensions: { code: "ACCESS_DENIED" } }],
        }),
      ),
    );
    const error = await platformGraphql(session, QUERY).catch((e) => e);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error).toMatchObject({ status: 403, codes: ["ACCESS_DENIED"] });
  });

  it("retries a 5xx and a network error, then succeeds", async () => {
    let calls = 0;
    server.use(
      http.post(graphqlUrl(session.shop), () => {
        calls++;
        if (calls === 1) return new HttpResponse("oops", { status: 503 });
        if (calls === 2) return HttpResponse.error();
        return HttpResponse.json({ data: { shop: { name: "ok" } } });
      }),
    );
    const { waits, sleep } = recordingSleep();
    await platformGraphql(session, QUERY, {}, { sleep });
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it("sends a mutation answered 5xx, reset or timed out once, and says its answer was lost", async () => {
    for (const failure of [
      () => new HttpResponse("Bad Gateway", { status: 502 }),
      () => new HttpResponse("Service Unavailable", { status: 503 }),
      () => HttpResponse.error(),
    ]) {
      let calls = 0;
      server.use(
        http.post(graphqlUrl(session.shop), () => {
          calls++;
          return failure();
        }),
      );
      const { waits, sleep } = recordingSleep();
      const error = (await platformGraphql(session, MUTATION, {}, { sleep }).catch(
        (e: unknown) => e,
      )) as PlatformApiError;
      expect(error).toBeInstanceOf(PlatformApiError);
      expect(error).toMatchObject({ status: 502, codes: [ANSWER_LOST] });
      expect(calls).toBe(1);
      expect(waits).toEqual([]);
    }
  });

  it("waits out THROTTLED and HTTP 429 for a mutation too: the platform ran nothing", async () => {
    let calls = 0;
    server.use(
      http.post(graphqlUrl(session.shop), () => {
        calls++;
        if (calls === 1) return HttpResponse.json(throttled);
        if (calls === 2) return new HttpResponse(null, { status: 429, headers: { "Retry-After": "2" } });
        return HttpResponse.json({ data: { tagsAdd: { userErrors: [] } } });
      }),
    );
    const { waits, sleep } = recordingSleep();
    await platformGraphql(session, MUTATION, {}, { sleep });
    expect(calls).toBe(3);
    expect(waits).toEqual([13820, 2000]);
  });

  it("never puts the access token in the error it throws", async () => {
    server.use(http.post(graphqlUrl(session.shop), () => new HttpResponse(null, { status: 401 })));
    const error = (await platformGraphql(session, QUERY).catch((e: unknown) => e)) as PlatformApiError;
    expect(error.status).toBe(502);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain("shpat_secret");
  });
});
