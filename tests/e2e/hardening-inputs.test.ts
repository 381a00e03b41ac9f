import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sign } from "../../sandbox/platform/webhooks";
import { sessionToken } from "../helpers/requests";
import { adminFetch, BROWSER_USER_AGENT, installShop, ROOT, SANDBOX } from "../../sandbox/stack";
import {
  ensureAutomationKey,
  eventually,
  getJson,
  postJson,
  query,
  shopRowCounts,
  startE2eStack,
  type Stack,
} from "./helpers";

/**
 * The bad-input cases, as a client sends them over HTTP to the production build: whatever path answers
 * (Remix's routes or a receiver in front of them), these hold.
 */

const DEPTH = 5_000;
const DEEP = "[".repeat(DEPTH) + "]".repeat(DEPTH);
const HUNDRED_MB = String(100 * 1024 * 1024);
const TWO_MB = 2 * 1024 * 1024;

/** The route modules with an action and neither a loader nor a page: what a GET must find refused with 405. */
const ACTION_ONLY_ROUTES = readdirSync(path.join(ROOT, "app/routes"))
  .filter((file) => /\.tsx?$/.test(file))
  .filter((file) => {
    const source = readFileSync(path.join(ROOT, "app/routes", file), "utf8");
    const exports = (name: string) => new RegExp(`export (const|async function|function) ${name}\\b`).test(source);
    return exports("action") && !exports("loader") && !/export default/.test(source);
  });

/** Sends the head and the first bytes of a body, never the rest, and gives the status line the server answered. */
function statusBeforeTheBody(stack: Stack, head: string, firstBytes = "a".repeat(1024)): Promise<string> {
  const { port } = new URL(stack.appUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(`${head}\r\n\r\n${firstBytes}`));
    let answer = "";
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error(`no answer before the body was sent: ${head.split("\r\n")[0]}`));
    });
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const headEnd = answer.indexOf("\r\n\r\n");
      if (headEnd === -1) return;
      socket.destroy();
      resolve(answer.slice(0, headEnd));
    });
    socket.on("error", reject);
  });
}

/** A request written by hand, so malformed paths and headers reach the server as a client sent them. */
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

const headerOf = (answer: string, name: string) =>
  new RegExp(`^${name}: *(.*?)\\r?$`, "im").exec(answer.split("\r\n\r\n")[0])?.[1];

/** A webhook signed with the app secret, as the platform sends it; `body` exactly as given. */
function signedWebhook(stack: Stack, pathname: string, topic: string, shop: string, body: string) {
  return fetch(`${stack.appUrl}${pathname}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Hmac-Sha256": sign(body, SANDBOX.secret),
      "X-Shopify-Shop-Domain": shop,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": crypto.randomUUID(),
      "X-Shopify-Event-Id": crypto.randomUUID(),
    },
    body,
  });
}

const SECURITY = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
};

function expectSecurityHeaders(what: string, get: (name: string) => string | null | undefined) {
  for (const [name, value] of Object.entries(SECURITY)) expect(get(name), `${what}: ${name}`).toBe(value);
}

describe("bad input over HTTP, against the production build", () => {
  let stack: Stack;
  const shop = (name: string) => `tienda-${name}.myshopify.com`;
  const triggers = async () =>
    (await getJson<{ triggers: { payload: Record<string, unknown> }[] }>(`${stack.automationUrl}/sim/triggers`)).body
      .triggers;

  /** Each shop its own automation key (a key belongs to one shop), known to the automation simulator. */
  const configure = async (owner: string) => {
    const apiKey = `key-${owner}`;
    await postJson(`${stack.automationUrl}/sim/mode`, { apiKeys: [apiKey] });
    await ensureAutomationKey(stack, owner, apiKey);
  };

  beforeAll(async () => {
    stack = await startE2eStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("puts the security headers on every answer: static files, the server's own 400s, 404 and webhook refusals", async () => {
    const asset = readdirSync(path.join(ROOT, "build/client/assets")).find((file) => file.endsWith(".js"));
    const fetched: [string, Response][] = [
      ["a static asset", await fetch(`${stack.appUrl}/assets/${asset}`)],
      ["a page that does not exist", await fetch(`${stack.appUrl}/no-such-page`)],
      [
        "a webhook with a wrong signature",
        await fetch(`${stack.appUrl}/webhooks/orders/create`, {
          method: "POST",
          headers: {
            "X-Shopify-Hmac-Sha256": "x",
            "X-Shopify-Topic": "orders/create",
            "X-Shopify-Shop-Domain": shop("a"),
          },
          body: "{}",
        }),
      ],
      [
        "a webhook nested too deep",
        await signedWebhook(stack, "/webhooks/orders/create", "orders/create", shop("a"), DEEP),
      ],
      ["an admin endpoint without a session", await fetch(`${stack.appUrl}/api/deliveries`)],
    ];
    expect(fetched[0][1].status).toBe(200);
    expect(fetched[2][1].status).toBe(401);
    expect(fetched[3][1].status).toBe(400);
    for (const [what, response] of fetched) expectSecurityHeaders(what, (name) => response.headers.get(name));

    // A malformed escape names no page (Remix: 404); a Host that makes no URL never reaches Remix (the server: 400).
    for (const [what, head, status] of [
      ["a malformed escape (/%ff)", "GET /%ff HTTP/1.1\r\nHost: 127.0.0.1", 404],
      ["a Host that makes no URL", "GET / HTTP/1.1\r\nHost: [::1", 400],
    ] as const) {
      const answer = await rawRequest(stack, head);
      expect(answer, what).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expectSecurityHeaders(what, (name) => headerOf(answer, name));
    }
    const tooLarge = await statusBeforeTheBody(
      stack,
      `POST /webhooks/orders/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${HUNDRED_MB}`,
    );
    expect(tooLarge).toMatch(/^HTTP\/1\.1 413/);
    expectSecurityHeaders("a webhook too large", (name) => headerOf(tooLarge, name));
  });

  it("answers 413 to a declared 100 MB body on every kind of endpoint before the body is sent", async () => {
    const token = stack.sessionToken(shop("a"));
    for (const target of [
      "/webhooks/orders/create",
      "/webhooks/draft_orders/create",
      "/webhooks/checkouts/create",
      "/webhooks/compliance",
      "/webhooks/app/uninstalled",
      "/api/automation/callback",
      "/api/integrations/automation/save",
      "/api/products/import",
      "/auth/login",
    ]) {
      const answer = await statusBeforeTheBody(
        stack,
        [
          `POST ${target} HTTP/1.1`,
          "Host: 127.0.0.1",
          "Content-Type: application/x-www-form-urlencoded",
          `Authorization: Bearer ${token}`,
          `User-Agent: ${BROWSER_USER_AGENT}`,
          `Content-Length: ${HUNDRED_MB}`,
        ].join("\r\n"),
      );
      expect(answer, target).toMatch(/^HTTP\/1\.1 413/);
    }
    expect((await fetch(`${stack.appUrl}/healthz`)).status).toBe(200);
  });

  it("answers 405 with Allow and the app's failure body to GET and HEAD on every route that only takes POST", async () => {
    const owner = shop("metodo");
    await installShop(stack, owner);
    const routes = ACTION_ONLY_ROUTES.map((file) =>
      `/${file.replace(/\.tsx?$/, "").replaceAll(".", "/")}`.replace(/\/\$\w+/g, "/1"),
    );
    expect(routes).toEqual(
      expect.arrayContaining(["/api/deliveries/resend", "/api/deliveries/1/retry", "/webhooks/orders/create"]),
    );
    for (const route of routes) {
      const response = await adminFetch(stack, owner, route);
      expect(response.status, route).toBe(405);
      expect(response.headers.get("allow"), route).toBe("POST");
      expect(await response.json(), route).toEqual({ success: false, code: "method_not_allowed", error: "Use POST" });
      const head = await fetch(`${stack.appUrl}${route}`, { method: "HEAD" });
      expect([head.status, head.headers.get("allow")], route).toEqual([405, "POST"]);
    }
  });

  it("answers 413 to a 2 MB chunked body as to a declared one, on the fast paths and through Remix", async () => {
    const owner = shop("troceada");
    await installShop(stack, owner);
    for (const [target, bytes, expected] of [
      ["/api/automation/callback", TWO_MB, { success: false, code: "too_large" }],
      ["/api/integrations/automation/save", TWO_MB, { success: false, code: "too_large" }],
      ["/api/deliveries/resend", TWO_MB, { success: false, code: "too_large" }],
      ["/webhooks/orders/create", 6 * 1024 * 1024, "Payload too large"],
    ] as const) {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes) return controller.close();
          sent += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
        },
      });
      const response = await adminFetch(stack, owner, target, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(response.status, target).toBe(413);
      if (typeof expected === "string") expect(await response.text(), target).toBe(expected);
      else expect(await response.json(), target).toMatchObject(expected);
    }
    expect((await fetch(`${stack.appUrl}/healthz`)).status).toBe(200);
  });

  it("answers 400 to JSON nested 5,000 levels on the five admin forms and the signed order, draft and checkout webhooks", async () => {
    const owner = shop("profunda");
    await installShop(stack, owner);
    for (const endpoint of [
      "/api/integrations/automation/save",
      "/api/integrations/supplier/save",
      "/api/products/association/delete",
      "/api/products/import",
      "/api/theme/install",
    ]) {
      const response = await adminFetch(stack, owner, endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: DEEP,
      });
      expect(response.status, endpoint).toBe(400);
      expect(await response.json(), endpoint).toMatchObject({ success: false, code: "json_too_deep" });
    }
    for (const topic of ["orders/create", "draft_orders/create", "checkouts/create"]) {
      const response = await signedWebhook(stack, `/webhooks/${topic}`, topic, owner, DEEP);
      expect(response.status, topic).toBe(400);
      expect(await response.text(), topic).toMatch(/nested more than 64 levels/);
    }
    expect((await shopRowCounts(stack, owner)).Delivery ?? 0).toBe(0);
  });

  it('sends no flow for the signed bodies "", {} and [] on orders/create', async () => {
    const owner = shop("vacia");
    await installShop(stack, owner);
    await configure(owner);
    const before = (await triggers()).length;
    for (const payload of ["", {}, []]) {
      const sent = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/webhooks`, {
        shop: owner,
        topic: "orders/create",
        payload,
      });
      expect(sent.body.deliveries[0].status, JSON.stringify(payload)).toBeLessThan(500);
    }
    // A real order after them: once it is out, anything queued before it would have gone out too.
    await postJson(`${stack.platformUrl}/sim/orders`, { shop: owner });
    const rows = () =>
      query<{ status: string; resourceId: string }>(stack, `SELECT * FROM "Delivery" WHERE "shop" = ?`, [owner]);
    await eventually(async () => (await rows()).some((row) => row.status === "delivered"), 30_000, "the real order");
    const statuses = (await rows()).map((row) => row.status).sort();
    expect(statuses.filter((status) => status !== "skipped")).toEqual(["delivered"]);
    expect((await triggers()).length - before).toBe(1);
  });

  it.each([
    ["app/uninstalled", "ida"],
    ["shop/redact", "borrada"],
  ])("keeps nothing of an order received after %s", async (topic, name) => {
    const owner = shop(name);
    await installShop(stack, owner);
    await configure(owner);
    const gone = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/webhooks`, {
      shop: owner,
      topic,
    });
    expect(gone.body.deliveries[0].status).toBe(200);
    const before = (await triggers()).length;
    const order = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/orders`, {
      shop: owner,
    });
    expect(order.body.deliveries[0].status).toBe(200);
    const counts = await shopRowCounts(stack, owner);
    expect(Object.entries(counts).filter(([, count]) => count > 0)).toEqual([]);
    expect((await triggers()).length).toBe(before);
  });

  it("customers/redact naming the buyer only by email, or only by phone, erases that buyer's payload and attempt log", async () => {
    const owner = shop("privada");
    await installShop(stack, owner);
    await configure(owner);
    // The first attempt of each fails, so every delivery has an attempt log as well as its payload.
    await postJson(`${stack.automationUrl}/sim/mode`, { trigger: { kind: "error", status: 503, count: 2 } });
    await postJson(`${stack.platformUrl}/sim/orders`, { shop: owner });
    await postJson(`${stack.platformUrl}/sim/orders`, { shop: owner });
    type Row = { id: string; status: string; payload: string | null; attemptLog: string };
    const rows = () => query<Row>(stack, `SELECT * FROM "Delivery" WHERE "shop" = ? ORDER BY "createdAt"`, [owner]);
    await eventually(
      async () => (await rows()).filter((row) => row.status === "delivered" && row.attemptLog !== "[]").length === 2,
      60_000,
      "two delivered orders with attempt logs",
    );
    const buyers = (await rows()).map(
      (row) => JSON.parse(String(row.payload)) as { email: string; customer: { phone: string } },
    );
    const [email, phone] = [buyers[0].email, buyers[1].customer.phone];
    expect(email).toBeTruthy();
    expect(phone).toBeTruthy();
    expect(buyers[1].email).not.toBe(email);
    expect(JSON.stringify(await rows())).toContain(email);

    for (const customer of [{ email: email.toUpperCase() }, { phone }]) {
      const redact = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/webhooks`, {
        shop: owner,
        topic: "customers/redact",
        payload: { shop_domain: owner, customer, orders_to_redact: [] },
      });
      expect(redact.body.deliveries[0].status).toBe(200);
    }
    const after = await rows();
    const held = JSON.stringify(after).toLowerCase();
    expect(held).not.toContain(email.toLowerCase());
    expect(held).not.toContain(phone.toLowerCase());
    expect(JSON.stringify(after.map((row) => row.attemptLog))).not.toMatch(new RegExp(phone.replace(/\D/g, "")));
    expect(after.map((row) => row.payload)).toEqual([null, null]);
  });

  it("answers the compliance bodies [] and null with 200", async () => {
    for (const payload of [[], null]) {
      const response = await signedWebhook(
        stack,
        "/webhooks/compliance",
        "customers/redact",
        shop("a"),
        JSON.stringify(payload),
      );
      expect(response.status, JSON.stringify(payload)).toBe(200);
    }
  });

  it("answers an allowed panel's preflight to the callback 204 with its CORS headers, and its refusals carry them", async () => {
    const origin = new URL(stack.automationUrl).origin;
    const preflight = await fetch(`${stack.appUrl}/api/automation/callback`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe(origin);
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toMatch(/POST/);
    expect(preflight.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
    expect(preflight.headers.get("Vary")).toMatch(/Origin/);
    const refused = await fetch(`${stack.appUrl}/api/automation/callback`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ apiKey: "not-a-key", orderName: "#1001" }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe(origin);
  });

  it("answers 401 to a validly signed session token whose dest is another host, and 400 to an API key of invalid UTF-8", async () => {
    const owner = shop("a");
    // Signed with the app secret for this app, issued by the shop's admin, but for another host.
    const foreign = await sessionToken(owner, {
      secret: SANDBOX.secret,
      audience: SANDBOX.apiKey,
      dest: "https://attacker.example",
    });
    const response = await fetch(`${stack.appUrl}/api/deliveries`, {
      headers: { Authorization: `Bearer ${foreign}`, "User-Agent": BROWSER_USER_AGENT },
    });
    expect(response.status).toBe(401);

    await installShop(stack, owner);
    const save = await adminFetch(stack, owner, "/api/integrations/automation/save", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "apiKey=%FF%FEkey&newOrderFlowId=f_101",
    });
    expect(save.status).toBe(400);
    expect((await save.json()).success).toBe(false);
  });
});
