import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startE2eStack, startLoopStack, type Stack } from "./helpers";

// The key startLoopStack saves for its shop (ensureAutomationKey's default).
const SANDBOX_KEY = "sandbox-automation-key";

/**
 * Random API keys from one client must start getting 429s (docs/decisions/092). Through the real app over HTTP:
 * no proxy wrote X-Forwarded-For, so the address is the connection's (docs/decisions/188).
 */
describe("guessing callback API keys, end to end", () => {
  let stack: Stack;
  const guesses = Number(process.env.E2E_CALLBACK_GUESSES ?? 300);

  beforeAll(async () => {
    stack = await startE2eStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it(`answers 429 to one client's random keys after 120 failures a minute (${guesses} guesses)`, async () => {
    const statuses: Record<number, number> = {};
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < guesses) {
          next++;
          const response = await fetch(`${stack.appUrl}/api/automation/callback`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ apiKey: crypto.randomUUID(), orderName: "#1001", status: "success" }),
          });
          await response.arrayBuffer();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }
      }),
    );
    // Concurrent guesses may each pass the check before the 120th failure is counted: a few more than 120.
    expect(statuses[401]).toBeGreaterThanOrEqual(120);
    expect(statuses[401]).toBeLessThanOrEqual(128);
    expect(statuses[429]).toBe(guesses - statuses[401]);
  });
});

/**
 * One client behind the proxy guessing keys must not stop the merchants' callbacks (docs/decisions/188): the
 * built app with TRUSTED_PROXY_HOPS=1 (the default), each request's X-Forwarded-For as the proxy would write it.
 */
describe("a guesser behind the proxy, end to end", () => {
  const SHOP = "tienda-adivinanza.myshopify.com";
  let stack: Stack;

  beforeAll(async () => {
    stack = await startLoopStack(SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const post = async (body: unknown, forwardedFor: string) => {
    const response = await fetch(`${stack.appUrl}/api/automation/callback`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  };

  it("answers the guesser 429 and keeps every valid callback from another client at 200", async () => {
    const { order } = (await postJson<{ order: { name: string } }>(`${stack.platformUrl}/sim/orders`, { shop: SHOP }))
      .body;
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 130; i++) {
      const status = await post({ apiKey: `wrong-${i}`, orderName: order.name }, "203.0.113.66");
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 401: 120, 429: 10 });
    const valid = [];
    for (let i = 0; i < 5; i++) {
      valid.push(await post({ apiKey: SANDBOX_KEY, orderName: order.name, status: "success" }, "198.51.100.7"));
    }
    expect(valid).toEqual([200, 200, 200, 200, 200]);
  });
});
