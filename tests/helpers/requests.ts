import { createHmac, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { TEST_ENV } from "./test-env";

/** The session token the embedded admin sends (App Bridge), signed with the app secret. */
export async function sessionToken(
  shop: string,
  options: {
    secret?: string;
    userId?: string;
    audience?: string;
    dest?: string;
    /** Seconds until `exp`; null signs a token with no `exp` at all. */
    expiresIn?: number | null;
  } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresIn ?? 60;
  const token = new SignJWT({
    iss: `https://${shop}/admin`,
    dest: options.dest ?? `https://${shop}`,
    aud: options.audience ?? TEST_ENV.PLATFORM_API_KEY,
    sub: options.userId ?? "42",
    sid: randomUUID(),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(Math.min(now, now + expiresIn - 60))
    .setNotBefore(Math.min(now, now + expiresIn - 60) - 5)
    .setJti(randomUUID());
  if (options.expiresIn !== null) token.setExpirationTime(now + expiresIn);
  return token.sign(new TextEncoder().encode(options.secret ?? TEST_ENV.PLATFORM_API_SECRET));
}

/** A request as the embedded admin makes it to an API route. */
export async function adminRequest(path: string, shop: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${await sessionToken(shop)}`);
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}${path}`, { ...init, headers });
}

export function formBody(fields: Record<string, string>) {
  return { method: "POST", body: new URLSearchParams(fields) };
}

export function hmac(body: string, secret: string = TEST_ENV.PLATFORM_API_SECRET) {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

export interface WebhookOptions {
  shop: string;
  topic: string;
  eventId?: string;
  webhookId?: string;
  /** Override the signature (a wrong one, or null for none). */
  signature?: string | null;
  /** Use the spec's neutral header names (X-Platform-*) instead of the platform's real ones. */
  neutralHeaders?: boolean;
}

/** A webhook exactly as the platform delivers it: raw JSON body signed with the app secret. */
export function webhookRequest(path: string, payload: unknown, options: WebhookOptions) {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  const prefix = options.neutralHeaders ? "X-Platform" : "X-Shopify";
  const headers = new Headers({ "Content-Type": "application/json" });
  const signature = options.signature === undefined ? hmac(body) : options.signature;
  if (signature !== null)
    headers.set(options.neutralHeaders ? "X-Platform-Hmac-SHA256" : "X-Shopify-Hmac-Sha256", signature);
  headers.set(`${prefix}-Topic`, options.topic);
  headers.set(`${prefix}-Shop-Domain`, options.shop);
  headers.set(`${prefix}-API-Version`, "2026-10");
  headers.set(`${prefix}-Webhook-Id`, options.webhookId ?? randomUUID());
  headers.set(`${prefix}-Event-Id`, options.eventId ?? randomUUID());
  headers.set(`${prefix}-Triggered-At`, new Date().toISOString());
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}${path}`, { method: "POST", headers, body });
}
