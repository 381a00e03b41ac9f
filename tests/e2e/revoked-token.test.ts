import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch } from "../../sandbox/stack";
import {
  getJson,
  postJson,
  query,
  startLoopStack,
  simulateOrder,
  simulatedCallbackFor,
  simulatedOrderTags,
  type Stack,
} from "./helpers";

const SHOP = "tienda-revocada.myshopify.com";

interface TokenEvent {
  grant: string;
  outcome: string;
}

/**
 * An offline token the platform revokes long before it expires (docs/decisions/187): the app stops using it at the
 * first 401, says what to do, and the merchant's next open of the app exchanges a new one; no reinstall.
 */
describe("a revoked offline token, end to end", () => {
  let stack: Stack;

  const newOrder = () => simulateOrder(stack, SHOP);
  const tagsOf = (name: string) => simulatedOrderTags(stack, SHOP, name);
  const callbackFor = (name: string) => simulatedCallbackFor(stack, name);

  beforeAll(async () => {
    stack = await startLoopStack(SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("answers the callback with what to do, and heals when the merchant opens the app", async () => {
    const before = await newOrder();
    expect((await callbackFor(before)).httpStatus).toBe(200);
    expect(await tagsOf(before)).toContain("automation-processed");

    await postJson(`${stack.platformUrl}/sim/tokens`, { shop: SHOP, revoke: true });
    const refused = await newOrder();
    const callback = await callbackFor(refused);
    expect(callback.httpStatus).toBe(502);
    expect(JSON.parse(callback.body)).toMatchObject({
      success: false,
      error: expect.stringContaining("open the app from the store's admin"),
    });
    expect(await tagsOf(refused)).not.toContain("automation-processed");
    // The refused token is gone from the stored session; the session (and so the installation) stays.
    const [row] = await query<{ accessToken: string }>(stack, `SELECT "accessToken" FROM "Session" WHERE "shop" = ?`, [
      SHOP,
    ]);
    expect(row.accessToken).toBe("");

    // The merchant opens the app: the embedded request's session token gets a new pair through the exchange.
    expect((await adminFetch(stack, SHOP, "/api/orders/poll")).status).toBe(200);
    const events = (await getJson<{ events: TokenEvent[] }>(`${stack.platformUrl}/sim/tokens`)).body.events;
    const afterRevoke = events.slice(events.findIndex((event) => event.grant === "revoke") + 1);
    expect(afterRevoke.map((event) => event.outcome)).toContain("expiring offline pair issued");

    const after = await newOrder();
    expect((await callbackFor(after)).httpStatus).toBe(200);
    expect(await tagsOf(after)).toContain("automation-processed");
  });
});
