import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eStack, type Stack } from "./helpers";

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
