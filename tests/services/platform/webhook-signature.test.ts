import { createHmac } from "node:crypto";
import { WebhookValidationErrorReason } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { hasValidSignature } from "~/services/platform/webhooks.server";
import { platformApi } from "~/shopify.server";
import { TEST_ENV } from "../../helpers/test-env";
import { hmac } from "../../helpers/requests";
import orderRest from "../../fixtures/webhooks/order-rest.json";

const BODY = JSON.stringify(orderRest);
const SIGNED = hmac(BODY);
const OTHER_SECRET = hmac(BODY, "another-apps-secret");

/** The platform library's verdict on the signature alone (its "missing headers" answer comes after a good one). */
async function libraryVerdict(body: string, signature: string | null) {
  const headers = new Headers({
    "X-Shopify-Topic": "orders/create",
    "X-Shopify-Shop-Domain": "tienda.myshopify.com",
    "X-Shopify-API-Version": "2026-10",
    "X-Shopify-Webhook-Id": "wh-1",
  });
  if (signature !== null) headers.set("X-Shopify-Hmac-Sha256", signature);
  const check = await platformApi.webhooks.validate({
    rawBody: body,
    rawRequest: new Request("http://app/webhooks/orders/create", { method: "POST", headers }),
  });
  return check.valid || check.reason === WebhookValidationErrorReason.MissingHeaders;
}

// Each case: the body, the signature as sent, and the verdict both checks must give.
const CASES: [string, string, string | null, boolean][] = [
  ["the platform's signature", BODY, SIGNED, true],
  ["a signature of an empty body", "", hmac(""), false],
  ["no signature", BODY, null, false],
  ["an empty signature", BODY, "", false],
  ["another app's signature", BODY, OTHER_SECRET, false],
  ["a body changed by one character", BODY.replace("}", " }"), SIGNED, false],
  ["the signature with a space inside", BODY, `${SIGNED.slice(0, 10)} ${SIGNED.slice(10)}`, false],
  ["the signature with a character added", BODY, `${SIGNED}=`, false],
  ["the signature without its padding", BODY, SIGNED.replace(/=+$/, ""), false],
  ["the signature in hex", BODY, Buffer.from(SIGNED, "base64").toString("hex"), false],
  ["the signature in base64url", BODY, Buffer.from(SIGNED, "base64").toString("base64url"), false],
  ["the signature in other case", BODY, SIGNED.toLowerCase(), false],
  [
    "a multi-byte body",
    JSON.stringify({ name: "Pedido Ñandú — 3 × 🎁" }),
    hmac('{"name":"Pedido Ñandú — 3 × 🎁"}'),
    true,
  ],
];

describe("the webhook signature check on node:crypto (decision 165)", () => {
  it.each(CASES)("gives the platform library's verdict for %s", async (_, body, signature, expected) => {
    const ours = hasValidSignature(Buffer.from(body, "utf8"), signature);
    expect(ours).toBe(expected);
    expect(await libraryVerdict(body, signature)).toBe(expected);
  });

  it("checks the bytes as sent: a body that is not UTF-8 is signed over its bytes, not a decoded copy", () => {
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const signature = createHmac("sha256", TEST_ENV.PLATFORM_API_SECRET).update(bytes).digest("base64");
    expect(hasValidSignature(bytes, signature)).toBe(true);
    expect(hasValidSignature(Buffer.from(bytes.toString("utf8"), "utf8"), signature)).toBe(false);
  });

  it("uses the app's secret", () => {
    expect(hasValidSignature(Buffer.from(BODY), SIGNED, TEST_ENV.PLATFORM_API_SECRET)).toBe(true);
    expect(hasValidSignature(Buffer.from(BODY), SIGNED, "another-apps-secret")).toBe(false);
  });
});
