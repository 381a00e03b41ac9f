import { createHmac, randomUUID } from "node:crypto";

const base64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");

/**
 * A session token exactly as the admin's App Bridge hands it to an embedded app: HS256 over the app secret,
 * issued for `https://<shop>/admin`, audience the app's client id, valid for one minute.
 */
export function mintSessionToken(options: { shop: string; apiKey: string; secret: string; userId?: string }) {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({
      iss: `https://${options.shop}/admin`,
      dest: `https://${options.shop}`,
      aud: options.apiKey,
      sub: options.userId ?? "1",
      exp: now + 60,
      nbf: now - 5,
      iat: now,
      jti: randomUUID(),
      sid: randomUUID(),
    }),
  );
  const signature = createHmac("sha256", options.secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** Verifies an HS256 token with the secret; returns its claims, or null when the signature or dates are wrong. */
export function verifySessionToken(token: string, secret: string): Record<string, unknown> | null {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return null;
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  if (expected !== signature) return null;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp === "number" && claims.exp < now - 5) return null;
  return claims;
}
