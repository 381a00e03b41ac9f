import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch, installShop } from "../../sandbox/stack";
import {
  ensureAutomationKey,
  getJson,
  postJson,
  query,
  startE2eStack,
  simulateOrder,
  simulatedCallbackFor,
  simulatedOrderTags,
  type Stack,
} from "./helpers";

const SHOP = "tienda-lista-ip.myshopify.com";

/**
 * The platform enforcing the app's IP allowlist against the app's server (docs/decisions/189): the callback's
 * tagging is refused with 403, and the app says so as the operator's problem (its own code, a log line naming the
 * allowlist, the health endpoint, the merchant's banner), keeps the token, and recovers once the address is allowed.
 */
describe("the platform's IP allowlist refusing the app's server, end to end", () => {
  let stack: Stack;
  const appLog: string[] = [];

  const newOrder = () => simulateOrder(stack, SHOP);
  const tagsOf = (name: string) => simulatedOrderTags(stack, SHOP, name);
  const callbackFor = (name: string) => simulatedCallbackFor(stack, name);
  const bannerAlert = async () =>
    ((await (await adminFetch(stack, SHOP, "/api/alerts")).json()) as { alert: { kind: string } | null }).alert;

  beforeAll(async () => {
    stack = await startE2eStack({ onAppLog: (line) => appLog.push(line) });
    await installShop(stack, SHOP);
    await ensureAutomationKey(stack, SHOP);
    await postJson(`${stack.automationUrl}/sim/mode`, {
      trigger: { kind: "ok" },
      callback: { delayMs: 50, status: "success" },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("names the allowlist to the operator, not a reconnect to the merchant, and recovers once the address is allowed", async () => {
    // Enforced, with a range the app's server (on loopback) is not in.
    const set = await postJson(`${stack.platformUrl}/sim/ip-allowlist`, { addresses: ["203.0.113.0/24"] });
    expect(set.status).toBe(200);

    const refused = await newOrder();
    const callback = await callbackFor(refused);
    expect(callback.httpStatus).toBe(502);
    const body = JSON.parse(callback.body) as { success: boolean; code: string; error: string };
    expect(body).toMatchObject({ success: false, code: "IP_NOT_ALLOWED" });
    expect(body.error).toContain("IP allowlist");
    expect(body.error).not.toContain("open the app");
    expect(await tagsOf(refused)).not.toContain("automation-processed");
    // Not a refused token: the stored token stays.
    const [row] = await query<{ accessToken: string }>(stack, `SELECT "accessToken" FROM "Session" WHERE "shop" = ?`, [
      SHOP,
    ]);
    expect(row.accessToken).not.toBe("");

    expect(appLog.some((line) => line.includes("IP_NOT_ALLOWED") && line.includes("IP allowlist"))).toBe(true);
    const health = await getJson<{ ip_not_allowed: number; ipAllowlistRefusal: unknown }>(
      `${stack.appUrl}/healthz/deliveries`,
    );
    expect(health.body.ip_not_allowed).toBe(1);
    expect(health.body.ipAllowlistRefusal).toMatchObject({ lastRefusedAt: expect.any(String) });
    expect(await bannerAlert()).toMatchObject({ kind: "ip_not_allowed" });

    // The operator adds the server's address: the next callback tags its order and the alert ends.
    await postJson(`${stack.platformUrl}/sim/ip-allowlist`, { addresses: ["127.0.0.1"] });
    const after = await newOrder();
    expect((await callbackFor(after)).httpStatus).toBe(200);
    expect(await tagsOf(after)).toContain("automation-processed");
    expect(await bannerAlert()).toBeNull();
  });

  it("refuses a list that is not addresses", async () => {
    const { status } = await postJson(`${stack.platformUrl}/sim/ip-allowlist`, { addresses: ["not-an-address"] });
    expect(status).toBe(400);
  });
});
