import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "../env.server";

/**
 * Secrets at rest. A sealed value reads `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts):
 * AES-256-GCM with a fresh 96-bit IV, and the id of the key that sealed it, so ENCRYPTION_KEY can
 * rotate (the old key moves to ENCRYPTION_KEYS_PREVIOUS and stays able to open what it sealed).
 */
const VERSION = "v1";

interface Keyring {
  current: { id: string; key: Buffer };
  all: Map<string, Buffer>;
}

function keyId(key: Buffer): string {
  return createHash("sha256").update("key-id").update(key).digest("hex").slice(0, 8);
}

function keyring(): Keyring {
  const { ENCRYPTION_KEY, ENCRYPTION_KEYS_PREVIOUS } = env();
  const all = new Map<string, Buffer>();
  for (const key of [ENCRYPTION_KEY, ...ENCRYPTION_KEYS_PREVIOUS]) all.set(keyId(key), key);
  return { current: { id: keyId(ENCRYPTION_KEY), key: ENCRYPTION_KEY }, all };
}

export function seal(plaintext: string): string {
  const { current } = keyring();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, current.id, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function open(sealed: string): string {
  const [version, id, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !id || !iv || !tag || ciphertext === undefined) {
    throw new Error("Not a sealed value");
  }
  const key = keyring().all.get(id);
  if (!key) throw new Error(`No encryption key with id ${id}: add the old key to ENCRYPTION_KEYS_PREVIOUS`);
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * Keyed hashes of a secret, one per known key (the current one first), so a lookup by hash keeps
 * working across a key rotation. The hash key is derived, never the encryption key itself.
 */
export function lookupHashes(secret: string): string[] {
  return [...keyring().all.values()].map((key) =>
    createHmac("sha256", createHmac("sha256", key).update("lookup-hash").digest()).update(secret).digest("hex"),
  );
}

export function lookupHash(secret: string): string {
  return lookupHashes(secret)[0];
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Secrets shorter than this are shown as dots only: four characters would give away too much of them. */
const MASK_REVEAL_MIN_LENGTH = 12;

/** What the UI may show of a secret: its last four characters, enough to recognise it, never to use it. */
export function mask(secret: string | null | undefined): string | null {
  if (!secret) return null;
  return secret.length < MASK_REVEAL_MIN_LENGTH ? "••••" : `••••${secret.slice(-4)}`;
}
