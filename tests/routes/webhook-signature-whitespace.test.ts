import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { appRequestListener } from "../../server/app-server";
import { createAutomatedShop } from "../helpers/factories";
import { startLocalServer, type LocalServer } from "../helpers/local-server";
import { hmac, webhookRequest } from "../helpers/requests";
import orderRest from "../fixtures/webhooks/order-rest.json";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Posts a signed order over a real socket with the signature header written exactly as given. */
async function postRaw(shop: string, signatureLine: string) {
  const seen: (string | null)[] = [];
  server = await startLocalServer(
    appRequestListener(async (request) => {
      seen.push(request.headers.get("X-Shopify-Hmac-Sha256"));
      return ordersCreate({ request });
    }),
  );
  const { port } = server;
  const body = JSON.stringify(orderRest);
  const head = [
    "POST /webhooks/orders/create HTTP/1.1",
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "X-Shopify-Topic: orders/create",
    `X-Shopify-Shop-Domain: ${shop}`,
    "X-Shopify-Event-Id: evt-ws",
    signatureLine,
    "Connection: close",
  ].join("\r\n");
  const answer = await new Promise<string>((resolve, reject) => {
    // Written, not ended: a client that half-closes first may have its request aborted before the answer.
    const socket = connect(port, "127.0.0.1", () => socket.write(`${head}\r\n\r\n${body}`));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]), seen, signature: hmac(body) };
}

describe("webhook signatures and whitespace (docs/decisions/075)", () => {
  it("gets the signature without the trailing space HTTP strips from every field value", async () => {
    const shop = await createAutomatedShop();
    const signature = hmac(JSON.stringify(orderRest));
    const { status, seen } = await postRaw(shop, `X-Shopify-Hmac-Sha256: ${signature} \t `);
    expect(seen).toEqual([signature]);
    expect(status).toBe(200);
  });

  it.each([
    ["a space inside it", (signature: string) => `${signature.slice(0, 10)} ${signature.slice(10)}`],
    ["a character appended", (signature: string) => `${signature}A`],
    ["an encoded space appended", (signature: string) => `${signature}%20`],
    ["its hex form", (signature: string) => Buffer.from(signature, "base64").toString("hex")],
  ])("refuses a signature with %s", async (_name, change) => {
    const shop = await createAutomatedShop();
    const body = orderRest;
    const request = webhookRequest("/webhooks/orders/create", body, {
      shop,
      topic: "orders/create",
      signature: change(hmac(JSON.stringify(body))),
    });
    expect((await ordersCreate({ request })).status).toBe(401);
    expect(await prisma.delivery.count()).toBe(0);
  });
});
