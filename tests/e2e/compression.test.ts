import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminHost } from "../../sandbox/platform/admin";
import { orderPayload, sign } from "../../sandbox/platform/webhooks";
import { createOrder } from "../../sandbox/platform/state";
import { BROWSER_USER_AGENT, installShop, ROOT, SANDBOX } from "../../sandbox/stack";
import { rawHttp } from "../helpers/raw-http";
import { startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-comprimida.myshopify.com";
const BROWSER = { "User-Agent": BROWSER_USER_AGENT, "Accept-Encoding": "gzip, deflate, br, zstd" };

/**
 * The production build as a browser on a slow link gets it (docs/decisions/296): the files `npm run build` wrote
 * and the page Remix renders, in brotli; the acknowledgements the platform times, as they are.
 */
describe("the admin over the wire", () => {
  let stack: Stack;
  let port: number;

  beforeAll(async () => {
    stack = await startE2eStack();
    port = Number(new URL(stack.appUrl).port);
    await installShop(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const page = () => {
    const query = new URLSearchParams({
      embedded: "1",
      shop: SHOP,
      host: adminHost(SHOP),
      locale: "es",
      id_token: stack.sessionToken(SHOP),
    });
    return rawHttp(port, `/app/settings?${query}`, { headers: BROWSER });
  };

  it("sends the page in brotli, and every stylesheet and script it names as the brotli copy of the built file", async () => {
    const document = await page();
    expect(document.status).toBe(200);
    expect(document.headers["content-encoding"]).toBe("br");
    expect(document.headers.vary).toMatch(/Accept-Encoding/);
    const html = brotliDecompressSync(document.body).toString();
    const files = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/g)].map((match) => match[1]);
    expect(files.some((file) => file.endsWith(".css"))).toBe(true);
    expect(files.length).toBeGreaterThan(5);

    let sent = 0;
    let built = 0;
    for (const file of new Set(files)) {
      const onDisk = readFileSync(path.join(ROOT, "build/client", file));
      const answer = await rawHttp(port, file, { headers: BROWSER });
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      // A file under 1 KB has no copy and goes as it is; every other one in brotli.
      const decoded = answer.headers["content-encoding"] === "br" ? brotliDecompressSync(answer.body) : answer.body;
      expect(answer.headers["content-encoding"]).toBe(onDisk.length >= 1024 ? "br" : undefined);
      expect(decoded).toEqual(onDisk);
      sent += answer.body.length;
      built += onDisk.length;
    }
    // The stylesheet alone is 444 KB as built: what travels is a fraction.
    expect(sent).toBeLessThan(built / 4);
  });

  it("sends gzip to a client without brotli, and the files themselves to one that asks for no encoding", async () => {
    const html = brotliDecompressSync((await page()).body).toString();
    const stylesheet = /href="(\/assets\/styles-[^"]+\.css)"/.exec(html)![1];
    const onDisk = readFileSync(path.join(ROOT, "build/client", stylesheet));
    const gzipped = await rawHttp(port, stylesheet, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body)).toEqual(onDisk);
    const plain = await rawHttp(port, stylesheet, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(onDisk);
  });

  it("never compresses an acknowledgement: an order webhook, another webhook, the automation callback", async () => {
    const shopState = stack.platform.shopState(SHOP);
    const body = JSON.stringify(orderPayload(createOrder(shopState)));
    const webhookHeaders = (topic: string, payload: string) => ({
      ...BROWSER,
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Hmac-Sha256": sign(payload, SANDBOX.secret),
      "X-Shopify-Shop-Domain": SHOP,
      "X-Shopify-API-Version": "2025-10",
      "X-Shopify-Webhook-Id": crypto.randomUUID(),
      "X-Shopify-Event-Id": crypto.randomUUID(),
    });
    const answers = [
      await rawHttp(port, "/webhooks/orders/create", {
        method: "POST",
        headers: webhookHeaders("orders/create", body),
        body,
      }),
      await rawHttp(port, "/webhooks/app/scopes_update", {
        method: "POST",
        headers: webhookHeaders("app/scopes_update", '{"current":["read_orders"]}'),
        body: '{"current":["read_orders"]}',
      }),
      await rawHttp(port, "/api/automation/callback", {
        method: "POST",
        headers: { ...BROWSER, "Content-Type": "application/json", "X-Api-Key": "not-a-key" },
        body: "{}",
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401]);
    for (const answer of answers) {
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary ?? "").not.toMatch(/Accept-Encoding/);
    }
  });
});
