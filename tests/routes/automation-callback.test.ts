import { Session } from "@shopify/shopify-api";
import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { resetEnvForTests } from "~/env.server";
import { action } from "~/routes/api.automation.callback";
import { resetCallbackLimitsForTests } from "~/services/automation/callback-limits.server";
import { createConfiguration, createDelivery, createSession, shopDomain } from "../helpers/factories";
import { useCallbackLimits } from "../helpers/callback-limits";
import { TEST_ENV } from "../helpers/test-env";
import orderRest from "../fixtures/webhooks/order-rest.json";
import throttled from "../fixtures/reference/platform-graphql-throttled.json";
import { mockPlatform, ordersByName, tagsAdded } from "../mocks/platform";

const ORDER = { id: "gid://shopify/Order/5550001", name: "#1001" };

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  return { shop, apiKey: `key-${shop}` };
}

function callback(body: unknown, headers: Record<string, string> = {}) {
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return action({ request, params: {}, context: {} });
}

async function expectFailure(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ success: false, error });
}

/** The platform finds ORDER by name and accepts tags; the calls are recorded. */
function platformWithOrder(shop: string) {
  return mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
}

describe("callback checks, in the spec's order", () => {
  it("1. refuses a body without an API key: 401 API key is required", async () => {
    await expectFailure(await callback({ orderName: "#1001" }), 401, "API key is required");
  });

  it("1. refuses an API key that is not a string: 400 Invalid API key format", async () => {
    await expectFailure(await callback({ apiKey: 12345, orderName: "#1001" }), 400, "Invalid API key format");
  });

  it("2. refuses a key no configuration owns: 401 Invalid API key", async () => {
    await installedShop();
    await expectFailure(await callback({ apiKey: "unknown-key", orderName: "#1001" }), 401, "Invalid API key");
  });

  it("3. refuses a key of another shop: 403 Shop mismatch", async () => {
    const { apiKey } = await installedShop();
    const other = await installedShop();
    await expectFailure(await callback({ apiKey, shop: other.shop, orderName: "#1001" }), 403, "Shop mismatch");
  });

  it("4. fails when the shop has no offline session", async () => {
    const { shop, apiKey } = await installedShop();
    await prisma.session.deleteMany({ where: { shop } });
    await expectFailure(
      await callback({ apiKey, orderName: "#1001" }),
      409,
      "The app is not installed on this shop (no offline session)",
    );
  });

  it("5. refuses an Origin outside the allow-list: 403 Invalid origin", async () => {
    const { apiKey } = await installedShop();
    await expectFailure(
      await callback({ apiKey, orderName: "#1001" }, { Origin: "https://evil.example" }),
      403,
      "Invalid origin",
    );
  });

  it("checks the key before the shop: a bad key with a wrong shop is 401, not 403", async () => {
    const { shop } = await installedShop();
    await expectFailure(await callback({ apiKey: "unknown", shop }), 401, "Invalid API key");
  });

  it("checks the shop before the session and the origin", async () => {
    const { shop, apiKey } = await installedShop();
    await prisma.session.deleteMany({ where: { shop } });
    const response = await callback(
      { apiKey, shop: "someone-else.myshopify.com", orderName: "#1001" },
      { Origin: "https://evil.example" },
    );
    await expectFailure(response, 403, "Shop mismatch");
  });

  it("checks the session before the origin, as the spec lists them", async () => {
    const { shop, apiKey } = await installedShop();
    await prisma.session.deleteMany({ where: { shop } });
    const response = await callback({ apiKey, orderName: "#1001" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(409);
  });

  it("accepts an allowed Origin (the automation platform's panel)", async () => {
    const { shop, apiKey } = await installedShop();
    platformWithOrder(shop);
    const response = await callback({ apiKey, orderName: "#1001" }, { Origin: TEST_ENV.AUTOMATION_API_URL });
    expect(response.status).toBe(200);
  });
});

describe("tagging the order", () => {
  it("adds the status's tag to the order found by name and answers the spec's body", async () => {
    const { shop, apiKey } = await installedShop();
    const calls = platformWithOrder(shop);
    const response = await callback({ apiKey, orderName: "#1001", status: "completed" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Tags added to order #1001: automation-completed",
      orderId: ORDER.id,
      tags: ["automation-completed"],
    });
    expect(calls.map(({ operationName, variables }) => ({ operationName, variables }))).toEqual([
      { operationName: "OrderByName", variables: { query: "name:#1001" } },
      { operationName: "OrderTagsAdd", variables: { id: ORDER.id, tags: ["automation-completed"] } },
    ]);
    expect(calls.every((call) => call.shop === shop && call.accessToken === `shpat_test_${shop}`)).toBe(true);
  });

  it("reads the shop's offline session once per callback, and again for the next callback", async () => {
    const { shop, apiKey } = await installedShop();
    platformWithOrder(shop);
    // Every read of the row becomes a Session through the library's fromPropertyArray (docs/decisions/183); the
    // install check and the tagsAdd call share one.
    const reads = vi.spyOn(Session, "fromPropertyArray");
    try {
      expect((await callback({ apiKey, orderName: "#1001" })).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      expect((await callback({ apiKey, orderName: "#1001", status: "completed" })).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it("accepts the key under api_key and token too", async () => {
    const { shop, apiKey } = await installedShop();
    platformWithOrder(shop);
    expect((await callback({ api_key: apiKey, orderName: "#1001" })).status).toBe(200);
    expect((await callback({ token: apiKey, orderName: "#1001" })).status).toBe(200);
  });

  const priority: [string, Record<string, unknown>, string[]][] = [
    ["explicit tags win over the status", { tags: "vip, confirmado", status: "error" }, ["vip", "confirmado"]],
    ["tag and tags combine, trimmed and de-duplicated", { tag: " vip ", tags: ["vip", "cod", " "] }, ["vip", "cod"]],
    ["success maps to automation-processed", { status: "success" }, ["automation-processed"]],
    ["pending maps to automation-pending", { status: "pending" }, ["automation-pending"]],
    ["error maps to automation-error", { status: "error" }, ["automation-error"]],
    ["failed maps to automation-error", { status: "failed" }, ["automation-error"]],
    ["an unknown status falls back to the default", { status: "weird" }, ["automation-processed"]],
    ["nothing given gives automation-processed", {}, ["automation-processed"]],
  ];
  for (const [name, fields, expected] of priority) {
    it(`tag priority: ${name}`, async () => {
      const { shop, apiKey } = await installedShop();
      const calls = platformWithOrder(shop);
      const response = await callback({ apiKey, orderName: "#1001", ...fields });
      expect((await response.json()).tags).toEqual(expected);
      expect(calls.at(-1)?.variables.tags).toEqual(expected);
    });
  }

  it("finds the order by orderId when the name search finds nothing", async () => {
    const { shop, apiKey } = await installedShop();
    const calls = mockPlatform(shop, {
      OrderByName: ordersByName([]),
      OrderById: () => ({ order: { ...ORDER, tags: [] } }),
      OrderTagsAdd: tagsAdded(),
    });
    const response = await callback({ apiKey, orderName: "#1001", orderId: ORDER.id });
    expect(response.status).toBe(200);
    expect(calls.map((call) => call.operationName)).toEqual(["OrderByName", "OrderById", "OrderTagsAdd"]);
  });

  it("finds an order whose shop uses its own name format (CO-1001), searching the name as sent", async () => {
    const { shop, apiKey } = await installedShop();
    const custom = { id: "gid://shopify/Order/5550077", name: "CO-1001" };
    const calls = mockPlatform(shop, {
      OrderByName: (variables) => ({ orders: { nodes: variables.query === "name:CO-1001" ? [custom] : [] } }),
      OrderTagsAdd: tagsAdded(),
    });
    const response = await callback({ apiKey, orderName: "CO-1001", status: "success" });
    expect(response.status).toBe(200);
    expect((await response.json()).orderId).toBe(custom.id);
    expect(calls[0].variables).toEqual({ query: "name:CO-1001" });
  });

  it("reads a bare order number as the platform's default name (1001 is #1001)", async () => {
    const { shop, apiKey } = await installedShop();
    const calls = platformWithOrder(shop);
    expect((await callback({ apiKey, orderName: "1001" })).status).toBe(200);
    expect(calls[0].variables).toEqual({ query: "name:#1001" });
  });

  it("reads orderId in the spec's form (gid://platform/Order/<id>) and asks the platform with its real gid", async () => {
    const { shop, apiKey } = await installedShop();
    const calls = mockPlatform(shop, {
      OrderByName: ordersByName([]),
      OrderById: (variables) => ({ order: variables.id === ORDER.id ? { ...ORDER, tags: [] } : null }),
      OrderTagsAdd: tagsAdded(),
    });
    const response = await callback({ apiKey, orderName: "#1001", orderId: "gid://platform/Order/5550001" });
    expect(response.status).toBe(200);
    expect(calls[1]).toMatchObject({ operationName: "OrderById", variables: { id: ORDER.id } });
  });

  it("answers 400 naming orderId for a value that is not an order id, without asking the platform", async () => {
    const { shop, apiKey } = await installedShop();
    const calls = mockPlatform(shop, {});
    await expectFailure(
      await callback({ apiKey, orderName: "#1001", orderId: "1001; drop" }),
      400,
      "orderId: must be an id like gid://platform/Order/123",
    );
    expect(calls).toEqual([]);
  });

  it("does not take a different order the name search happened to match", async () => {
    const { shop, apiKey } = await installedShop();
    mockPlatform(shop, { OrderByName: ordersByName([{ id: "gid://shopify/Order/9", name: "#10011" }]) });
    await expectFailure(await callback({ apiKey, orderName: "#1001" }), 404, `Order #1001 was not found in ${shop}`);
  });

  it("answers 404 when the order is not in the shop", async () => {
    const { shop, apiKey } = await installedShop();
    mockPlatform(shop, { OrderByName: ordersByName([]) });
    await expectFailure(await callback({ apiKey, orderName: "#404" }), 404, `Order #404 was not found in ${shop}`);
  });

  it("answers 403 naming the protected customer data approval on ACCESS_DENIED", async () => {
    const { shop, apiKey } = await installedShop();
    mockPlatform(shop, {
      OrderByName: () =>
        HttpResponse.json({
          errors: [{ message: "Access denied for orders field.", extensions: { code: "ACCESS_DENIED" } }],
        }),
    });
    const response = await callback({ apiKey, orderName: "#1001" });
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.error).toContain("protected customer data approval");
  });

  it("waits out a THROTTLED answer and then tags the order", async () => {
    const { shop, apiKey } = await installedShop();
    const calls = mockPlatform(shop, {
      // Retry-After keeps the client's wait short; the throttle block alone would ask for ~14 s.
      OrderByName: (variables, call) =>
        call === 1
          ? HttpResponse.json(throttled, { status: 429, headers: { "Retry-After": "0.01" } })
          : ordersByName([ORDER])(variables, call),
      OrderTagsAdd: tagsAdded(),
    });
    const response = await callback({ apiKey, orderName: "#1001", status: "success" });
    expect(response.status).toBe(200);
    expect(calls.map((c) => c.operationName)).toEqual(["OrderByName", "OrderByName", "OrderTagsAdd"]);
  });

  it("records the outcome on the order's delivery", async () => {
    const { shop, apiKey } = await installedShop();
    const delivery = await createDelivery(shop, { order: orderRest, status: "delivered" });
    platformWithOrder(shop);
    await callback({ apiKey, orderName: "#1001", status: "completed" });
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row.callbackStatus).toBe("completed");
    expect(row.callbackAt).toBeInstanceOf(Date);
    expect(JSON.parse(row.tagsApplied)).toEqual(["automation-completed"]);
  });

  it("records the tags of two callbacks that arrive together, losing neither", async () => {
    const { shop, apiKey } = await installedShop();
    const delivery = await createDelivery(shop, { order: orderRest, status: "delivered" });
    platformWithOrder(shop);
    const answers = await Promise.all([
      callback({ apiKey, orderName: "#1001", tag: "confirmado" }),
      callback({ apiKey, orderName: "#1001", tag: "whatsapp-enviado" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(JSON.parse(row.tagsApplied).sort()).toEqual(["confirmado", "whatsapp-enviado"]);
  });

  it("is harmless when repeated: same answer, tags recorded once", async () => {
    const { shop, apiKey } = await installedShop();
    const delivery = await createDelivery(shop, { order: orderRest, status: "delivered" });
    platformWithOrder(shop);
    const first = await (await callback({ apiKey, orderName: "#1001" })).json();
    const second = await (await callback({ apiKey, orderName: "#1001" })).json();
    expect(second).toEqual(first);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(JSON.parse(row.tagsApplied)).toEqual(["automation-processed"]);
  });
});

describe("orders this app delivered", () => {
  it("tags the stored order directly, without searching the platform", async () => {
    const { shop, apiKey } = await installedShop();
    const delivery = await createDelivery(shop, { order: orderRest, status: "delivered" });
    const calls = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    const response = await callback({ apiKey, orderName: "#1001", status: "completed" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Tags added to order #1001: automation-completed",
      orderId: ORDER.id,
      tags: ["automation-completed"],
    });
    expect(calls.map(({ operationName, variables }) => ({ operationName, variables }))).toEqual([
      { operationName: "OrderTagsAdd", variables: { id: ORDER.id, tags: ["automation-completed"] } },
    ]);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(JSON.parse(row.tagsApplied)).toEqual(["automation-completed"]);
  });

  it("finds the stored order from a bare order number (1001 is #1001)", async () => {
    const { shop, apiKey } = await installedShop();
    await createDelivery(shop, { order: orderRest, status: "delivered" });
    const calls = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    expect((await callback({ apiKey, orderName: "1001" })).status).toBe(200);
    expect(calls.map((call) => call.operationName)).toEqual(["OrderTagsAdd"]);
  });

  it("does not use another shop's stored order of the same name", async () => {
    const { shop, apiKey } = await installedShop();
    const other = await installedShop();
    await createDelivery(other.shop, { order: orderRest, orderId: "gid://shopify/Order/999", status: "delivered" });
    const calls = platformWithOrder(shop);
    expect((await callback({ apiKey, orderName: "#1001" })).status).toBe(200);
    expect(calls.map(({ operationName, variables }) => ({ operationName, id: variables.id }))).toEqual([
      { operationName: "OrderByName", id: undefined },
      { operationName: "OrderTagsAdd", id: ORDER.id },
    ]);
  });

  it("searches by orderId as before when the callback names no order", async () => {
    const { shop, apiKey } = await installedShop();
    await createDelivery(shop, { order: orderRest, status: "delivered" });
    const calls = mockPlatform(shop, {
      OrderById: () => ({ order: { ...ORDER, tags: [] } }),
      OrderTagsAdd: tagsAdded(),
    });
    expect((await callback({ apiKey, orderId: ORDER.id })).status).toBe(200);
    expect(calls.map((call) => call.operationName)).toEqual(["OrderById", "OrderTagsAdd"]);
  });

  it("answers 404 when the stored order no longer exists on the platform", async () => {
    const { shop, apiKey } = await installedShop();
    await createDelivery(shop, { order: orderRest, status: "delivered" });
    mockPlatform(shop, {
      OrderTagsAdd: () => ({ tagsAdd: { node: null, userErrors: [{ field: ["id"], message: "Resource not found" }] } }),
    });
    await expectFailure(await callback({ apiKey, orderName: "#1001" }), 404, `Order #1001 was not found in ${shop}`);
  });

  it("answers 404 when tagsAdd returns no order and no user error", async () => {
    const { shop, apiKey } = await installedShop();
    await createDelivery(shop, { order: orderRest, status: "delivered" });
    mockPlatform(shop, { OrderTagsAdd: () => ({ tagsAdd: { node: null, userErrors: [] } }) });
    await expectFailure(await callback({ apiKey, orderName: "#1001" }), 404, `Order #1001 was not found in ${shop}`);
  });

  it("answers 502 when the platform refuses the tags for another reason", async () => {
    const { shop, apiKey } = await installedShop();
    await createDelivery(shop, { order: orderRest, status: "delivered" });
    mockPlatform(shop, {
      OrderTagsAdd: () => ({ tagsAdd: { node: null, userErrors: [{ field: ["tags"], message: "Tags are invalid" }] } }),
    });
    await expectFailure(
      await callback({ apiKey, orderName: "#1001" }),
      502,
      "The platform refused the tags: Tags are invalid",
    );
  });
});

describe("malformed callbacks", () => {
  it("answers 400 for a body that is not JSON", async () => {
    await expectFailure(await callback("{not json"), 400, "The body must be JSON");
  });

  it("answers 400 for JSON that is not an object", async () => {
    await expectFailure(await callback("[1,2]"), 400, "The body must be a JSON object");
  });

  it("answers 413 for an oversized body", async () => {
    const { apiKey } = await installedShop();
    await expectFailure(
      await callback({ apiKey, orderName: "#1001", note: "x".repeat(20_000) }),
      413,
      "The body is larger than 16 KB",
    );
  });

  it("answers 413 for an endless body without Content-Length, reading no more than the limit", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    await expectFailure(await action({ request, params: {}, context: {} }), 413, "The body is larger than 16 KB");
    expect(pulled).toBeLessThan(64 * 1024);
  });

  it("answers 400 naming the field for tags of the wrong type", async () => {
    const { apiKey } = await installedShop();
    await expectFailure(
      await callback({ apiKey, orderName: "#1001", tags: 7 }),
      400,
      expect.stringMatching(/^tags: /) as unknown as string,
    );
  });

  it("answers 400 for an order name that would widen the order search", async () => {
    const { apiKey } = await installedShop();
    await expectFailure(
      await callback({ apiKey, orderName: "#1001 OR name:#1002" }),
      400,
      "orderName: must be an order name such as #1001",
    );
  });

  it("answers 400 when neither orderName nor orderId is given", async () => {
    const { apiKey } = await installedShop();
    await expectFailure(await callback({ apiKey, status: "success" }), 400, "orderName: is required");
  });
});

describe("rate limit", () => {
  // The clock stands at the start of a 12 s window and does not move while the test runs. A burst of 6 at 0.5 a
  // second (6 per 12 s) keeps the tests quick; the default, 60 at 5 a second, is also 12 s windows.
  const BURST = 6;
  useCallbackLimits({ CALLBACK_RATE_LIMIT_BURST: String(BURST), CALLBACK_RATE_LIMIT_PER_SECOND: "0.5" });

  it("answers 429 with Retry-After once a key has spent its burst, and keeps serving other keys", async () => {
    const { shop, apiKey } = await installedShop();
    const other = await installedShop();
    mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    mockPlatform(other.shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    // A callback without an order reference is refused after the key checks: cheap, but it spends allowance.
    for (let i = 0; i < BURST; i++) expect((await callback({ apiKey })).status).toBe(400);

    const refused = await callback({ apiKey, orderName: "#1001" });
    expect(refused.status).toBe(429);
    // The window ends in 12 s; 2 s (a sixth) into the next one the estimate has room for one again.
    expect(refused.headers.get("Retry-After")).toBe("14");
    expect(await refused.json()).toEqual({
      success: false,
      error: "Too many callbacks for this API key; retry in 14 s",
      code: "rate_limited",
    });
    expect((await callback({ apiKey: other.apiKey, orderName: "#1001" })).status).toBe(200);
  });

  it("counts a key's callbacks in the database, so every web process shares the limit", async () => {
    const { apiKey } = await installedShop();
    for (let i = 0; i < BURST; i++) expect((await callback({ apiKey })).status).toBe(400);
    const [counter] = await prisma.rateLimitWindow.findMany({ where: { key: { startsWith: "callback-key:" } } });
    expect(counter.count).toBe(BURST);
    expect(counter.key).not.toContain(apiKey);
    // Another process sees the same row: what it would answer is what this one answers.
    expect((await callback({ apiKey, orderName: "#1001" })).status).toBe(429);
  });

  describe("failed attempts per client address", () => {
    // A low limit keeps the test quick; the default (120 a minute) works the same way.
    beforeEach(() => {
      process.env.CALLBACK_FAILED_PER_MINUTE = "5";
      resetEnvForTests();
      resetCallbackLimitsForTests();
    });
    afterEach(() => {
      delete process.env.CALLBACK_FAILED_PER_MINUTE;
    });

    it("refuses an address with 429 once it made the limit of failed attempts, while other addresses go on", async () => {
      const { shop, apiKey } = await installedShop();
      platformWithOrder(shop);
      const guesser = { "X-Forwarded-For": "203.0.113.7" };
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        statuses.push((await callback({ apiKey: `guess-${i}-${Math.random()}`, orderName: "#1001" }, guesser)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      const blocked = await callback({ apiKey: "guess-again", orderName: "#1001" }, guesser);
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toMatchObject({
        success: false,
        error: `Too many failed callbacks from this address; retry in ${blocked.headers.get("Retry-After")} s`,
      });
      expect((await callback({ apiKey, orderName: "#1001" }, { "X-Forwarded-For": "198.51.100.4" })).status).toBe(200);
    });

    it("never refuses a valid key because of the failures of its address (docs/decisions/188)", async () => {
      const { shop, apiKey } = await installedShop();
      platformWithOrder(shop);
      const shared = { "X-Forwarded-For": "203.0.113.7" };
      for (let i = 0; i < 6; i++) await callback({ apiKey: `guess-${i}`, orderName: "#1001" }, shared);
      expect((await callback({ apiKey: "guess-6", orderName: "#1001" }, shared)).status).toBe(429);
      const valid = await callback({ apiKey, orderName: "#1001" }, shared);
      expect(valid.status).toBe(200);
      expect(await valid.json()).toMatchObject({ success: true, orderId: ORDER.id });
    });

    it("counts shop mismatches as failures too", async () => {
      const { apiKey } = await installedShop();
      const other = await installedShop();
      const headers = { "X-Forwarded-For": "203.0.113.8" };
      for (let i = 0; i < 5; i++) {
        expect((await callback({ apiKey, shop: other.shop, orderName: "#1001" }, headers)).status).toBe(403);
      }
      expect((await callback({ apiKey: "guess", orderName: "#1001" }, headers)).status).toBe(429);
      // The key itself is valid: it goes on to its own answer, the mismatch.
      expect((await callback({ apiKey, shop: other.shop, orderName: "#1001" }, headers)).status).toBe(403);
    });

    it("takes the address the proxy appended, not one the client wrote into X-Forwarded-For", async () => {
      for (let i = 0; i < 5; i++) {
        await callback({ apiKey: `guess-${i}` }, { "X-Forwarded-For": `10.0.${i}.1, 203.0.113.7` });
      }
      expect((await callback({ apiKey: "guess" }, { "X-Forwarded-For": "10.9.9.9, 203.0.113.7" })).status).toBe(429);
    });
  });
});
