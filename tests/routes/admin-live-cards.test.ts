import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as alertsLoader } from "~/routes/app.alerts";
import { action as startLoopTest, loader as readLoopTest } from "~/routes/app.loop-test";
import { createAutomatedShop, createDelivery, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { mockPlatform } from "../mocks/platform";

const args = (request: Request) => ({ request, params: {}, context: {} });
const REFUSED = "Automation platform answered HTTP 401: invalid token";

/** The platform places the test order as #1042 (the shop's currency first, then orderCreate). */
function platformTakesTheOrder(shop: string) {
  return mockPlatform(shop, {
    LoopTestShopCurrency: () => ({ shop: { currencyCode: "COP" } }),
    LoopTestOrderCreate: () => ({
      orderCreate: { order: { id: "gid://shopify/Order/1042", name: "#1042", test: true }, userErrors: [] },
    }),
  });
}

describe("the home page's loop test card (app.loop-test resource route)", () => {
  it("starts a test for the session's shop, titling the test order in the merchant's language", async () => {
    const shop = await createAutomatedShop();
    const calls = platformTakesTheOrder(shop);
    const response = await startLoopTest(args(await adminRequest("/app/loop-test", shop, formBody({ locale: "es" }))));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, test: { outcome: "running", orderName: "#1042" } });
    expect(body.test.steps.map((step: { state: string }) => step.state)).toEqual([
      "waiting",
      "pending",
      "pending",
      "pending",
    ]);
    const order = calls.find((call) => call.operationName === "LoopTestOrderCreate")!.variables.order as {
      lineItems: { title: string }[];
    };
    expect(order.lineItems[0].title).toBe("Prueba del circuito (se elimina sola)");
    expect(await prisma.loopTest.count({ where: { shop, orderName: "#1042" } })).toBe(1);
  });

  it("answers 409 loop_test_running while the shop's test is under way", async () => {
    const shop = await createAutomatedShop();
    platformTakesTheOrder(shop);
    await startLoopTest(args(await adminRequest("/app/loop-test", shop, formBody({ locale: "en" }))));
    const again = await startLoopTest(args(await adminRequest("/app/loop-test", shop, formBody({ locale: "en" }))));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, code: "loop_test_running" });
  });

  it("reads the shop's own test as it stands, and never another shop's (404 not_found)", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    platformTakesTheOrder(shop);
    const started = await (
      await startLoopTest(args(await adminRequest("/app/loop-test", shop, formBody({ locale: "en" }))))
    ).json();
    // The platform's orders/create for the test order arrived: the webhook step is done, the trigger awaited.
    await createDelivery(shop, { orderId: "gid://shopify/Order/1042", orderName: "#1042", status: "pending" });

    const own = await readLoopTest(args(await adminRequest(`/app/loop-test?id=${started.test.id}`, shop)));
    expect(own.status).toBe(200);
    const { test } = await own.json();
    expect(test).toMatchObject({ id: started.test.id, outcome: "running" });
    expect(test.steps.slice(0, 2)).toMatchObject([
      { key: "webhook", state: "done" },
      { key: "trigger", state: "waiting" },
    ]);
    expect(test.steps[0].afterMs).toBeGreaterThanOrEqual(0);

    const theirs = await readLoopTest(args(await adminRequest(`/app/loop-test?id=${started.test.id}`, other)));
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ success: false, code: "not_found" });
  });

  it("answers 400 invalid_input on field id without a test id", async () => {
    const shop = await createAutomatedShop();
    const response = await readLoopTest(args(await adminRequest("/app/loop-test", shop)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "invalid_input", field: "id" });
  });

  it("answers 413 to an oversized start form before anything runs", async () => {
    const shop = await createAutomatedShop();
    const response = await startLoopTest(
      args(await adminRequest("/app/loop-test", shop, formBody({ locale: "x".repeat(20_000) }))),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, code: "too_large" });
    expect(await prisma.loopTest.count({ where: { shop } })).toBe(0);
  });

  it("answers 401 without a session token, to a read and to a start", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const read = await readLoopTest(args(new Request(`${TEST_ENV.PLATFORM_APP_URL}/app/loop-test?id=x`)));
    expect(read.status).toBe(401);
    expect(await read.json()).toMatchObject({ success: false, code: "unauthorized" });
    const start = await startLoopTest(
      args(new Request(`${TEST_ENV.PLATFORM_APP_URL}/app/loop-test`, formBody({ locale: "en" }))),
    );
    expect(start.status).toBe(401);
    expect(await prisma.loopTest.count({ where: { shop } })).toBe(0);
  });

  it("records a refused test order as a failed test naming its step, not as a failed request", async () => {
    const shop = await createAutomatedShop();
    mockPlatform(shop, {
      LoopTestShopCurrency: () =>
        HttpResponse.json({ errors: [{ message: "Access denied", extensions: { code: "ACCESS_DENIED" } }] }),
    });
    const response = await startLoopTest(args(await adminRequest("/app/loop-test", shop, formBody({ locale: "en" }))));
    expect(response.status).toBe(201);
    expect((await response.json()).test).toMatchObject({
      outcome: "failed",
      failedStep: "webhook",
      problem: "order_not_created",
    });
  });
});

describe("the layout's alert banner (app.alerts resource route)", () => {
  it("tells the session's shop its own alert and another shop none", async () => {
    const failing = await createAutomatedShop();
    const fine = await createAutomatedShop();
    await createDelivery(failing, { status: "dead", lastError: REFUSED });
    await createDelivery(fine, { status: "delivered" });

    const own = await alertsLoader(args(await adminRequest("/app/alerts", failing)));
    expect(own.status).toBe(200);
    expect((await own.json()).alert).toMatchObject({ kind: "key_refused", failing: 1 });
    const other = await alertsLoader(args(await adminRequest("/app/alerts", fine)));
    expect(await other.json()).toEqual({ success: true, alert: null });
  });

  it("answers 401 without a session token", async () => {
    const response = await alertsLoader(args(new Request(`${TEST_ENV.PLATFORM_APP_URL}/app/alerts`)));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, code: "unauthorized" });
  });
});
