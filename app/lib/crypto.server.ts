import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from "node:crypto";
import { env, type Env } from "../env.server";

/**
 * Secrets at rest. A sealed value reads `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts):
 * AES-256-GCM with a fresh 96-bit IV, and the id of the key that sealed it, so ENCRYPTION_KEY can
 * rotate (the old key moves to ENCRYPTION_KEYS_PREVIOUS and stays able to open what it sealed).
 */
const VERSION = "v1";

interface Keyring {
  current: { id: string; key: KeyObject };
  all: Map<string, KeyObject>;
  /** The keyed-hash key derived from each encryption key, the current one first. */
  lookupKeys: Buffer[];
}

function keyId(key: Buffer): string {
  return createHash("sha256").update("key-id").update(key).digest("hex").slice(0, 8);
}

/**
 * Built once per configuration: the key ids, key objects and lookup-hash keys were recomputed on every seal and
 * open, and the callback and the worker open a sealed key per request (docs/decisions/160).
 */
const keyrings = new WeakMap<Env, Keyring>();

function keyring(): Keyring {
  const config = env();
  let ring = keyrings.get(config);
  if (!ring) {
    const { ENCRYPTION_KEY, ENCRYPTION_KEYS_PREVIOUS } = config;
    const all = new Map<string, KeyObject>();
    const lookupKeys: Buffer[] = [];
    for (const key of [ENCRYPTION_KEY, ...ENCRYPTION_KEYS_PREVIOUS]) {
      if (!all.has(keyId(key))) lookupKeys.push(createHmac("sha256", key).update("lookup-hash").digest());
      all.set(keyId(key), createSecretKey(key));
    }
    ring = { current: { id: keyId(ENCRYPTION_KEY), key: all.get(keyId(ENCRYPTION_KEY))! }, all, lookupKeys };
    keyrings.set(config, ring);
  }
  return ring;
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
  return keyring().lookupKeys.map((key) => createHmac("sha256", key).update(secret).digest("hex"));
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
