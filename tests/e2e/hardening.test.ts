import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch, installShop } from "../../sandbox/stack";
import { eventually, getJson, postJson, query, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-endurecida.myshopify.com";

/** A request written by hand, so malformed paths and headers reach the app server as a client sent them. */
function rawRequest(stack: Stack, head: string): Promise<string> {
  const { port } = new URL(stack.appUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

/** What an adversarial run found, against the app's production build over real HTTP. */
describe("hardening, end to end", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startE2eStack();
    await installShop(stack, SHOP);
    const saved = await adminFetch(stack, SHOP, "/api/integrations/automation/save", {
      method: "POST",
      body: new URLSearchParams({ apiKey: "sandbox-automation-key", newOrderFlowId: "f_101" }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("survives malformed percent escapes and Host headers, and keeps serving", async () => {
    for (const head of ["GET /%ff HTTP/1.1\r\nHost: 127.0.0.1", "GET /assets/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1"]) {
      expect(statusOf(await rawRequest(stack, head))).toBeLessThan(500);
    }
    expect(statusOf(await rawRequest(stack, "GET / HTTP/1.1\r\nHost: [::1"))).toBe(400);
    const health = await fetch(`${stack.appUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(health.headers.get("Strict-Transport-Security")).toContain("max-age=");
  });

  it("refuses a declared 100 MB admin post with 413 before reading it", async () => {
    const response = await adminFetch(stack, SHOP, "/api/theme/install", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024 * 1024) },
      body: "themeUrl=x",
    }).catch((error: unknown) => error);
    // The app answers 413 at once and closes; a client still sending may see the reset instead of the answer.
    if (response instanceof Response) expect(response.status).toBe(413);
    expect((await fetch(`${stack.appUrl}/healthz`)).status).toBe(200);
  });

  it("customers/redact by email and phone leaves neither in the stored payloads or attempt logs", async () => {
    await postJson(`${stack.automationUrl}/sim/mode`, { trigger: { kind: "error", status: 503, count: 1 } });
    await postJson(`${stack.platformUrl}/sim/orders`, { shop: SHOP });
    const rows = () => query<Record<string, unknown>>(stack, `SELECT * FROM "Delivery" WHERE "shop" = ?`, [SHOP]);
    await eventually(async () => (await rows()).some((row) => row.status === "delivered"), 30_000, "the delivery");
    const stored = JSON.stringify(await rows());
    const payload = JSON.parse(String((await rows())[0].payload)) as { email?: string; customer?: { phone?: string } };
    const email = payload.email ?? "";
    const phone = payload.customer?.phone ?? "";
    expect(email).not.toBe("");
    expect(stored).toContain(email);

    const redact = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/webhooks`, {
      shop: SHOP,
      topic: "customers/redact",
      payload: { shop_domain: SHOP, customer: { email, phone }, orders_to_redact: [] },
    });
    expect(redact.body.deliveries[0].status).toBe(200);
    const after = JSON.stringify(await rows());
    expect(after.toLowerCase()).not.toContain(email.toLowerCase());
    if (phone) expect(after).not.toContain(phone);
    expect((await rows())[0]).toMatchObject({ payload: null, status: "delivered" });
    expect((await getJson<{ ok: boolean }>(`${stack.appUrl}/healthz`)).body.ok).toBe(true);
  });
});
