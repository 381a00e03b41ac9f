import { createHash } from "node:crypto";
import { createRateLimit, type RateLimit, type Verdict } from "../../lib/rate-limit.server";
import { env } from "../../env.server";
import { findSettingsByApiKey } from "../shops/configuration.server";

/**
 * The callback's two limits (docs/decisions/018, 092), counted in the database so every web process shares them:
 * - per presented API key: CALLBACK_RATE_LIMIT_BURST callbacks per BURST / PER_SECOND seconds (60 per 12 s by
 *   default: a burst of 60, 5 a second sustained), above what one shop's GraphQL budget can tag anyway;
 * - per client address, failed attempts only (a wrong key, a shop mismatch): CALLBACK_FAILED_PER_MINUTE, so
 *   guessing keys is refused while the automation platform's shared addresses keep serving every merchant; a
 *   valid key passes an address over its limit (decision 188).
 * It lives outside the route module: a route may export only Remix's exports beside server-only imports, or the
 * client build refuses it ("Server-only module referenced by client").
 */
let limits: { perKey: RateLimit; failuresPerAddress: RateLimit } | null = null;

function callbackLimits() {
  const config = env();
  limits ??= {
    perKey: createRateLimit({
      name: "callback-key",
      limit: config.CALLBACK_RATE_LIMIT_BURST,
      windowMs: Math.round((config.CALLBACK_RATE_LIMIT_BURST / config.CALLBACK_RATE_LIMIT_PER_SECOND) * 1000),
    }),
    failuresPerAddress: createRateLimit({
      name: "callback-failures",
      limit: config.CALLBACK_FAILED_PER_MINUTE,
      windowMs: 60_000,
    }),
  };
  return limits;
}

// Keyed by a digest, so neither the key nor the address is stored.
const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/** Spends one of the key's callbacks. */
export function takeKeyAllowance(apiKey: string): Promise<Verdict> {
  return callbackLimits().perKey.take(digest(apiKey));
}

/** Whether the address may still try: under its limit of failed attempts. */
export function checkAddressFailures(address: string): Promise<Verdict> {
  return callbackLimits().failuresPerAddress.check(digest(address));
}

/** Whether a configuration owns the key: asked only of an address over its failures, whose valid keys still pass. */
export async function isValidApiKey(apiKey: string): Promise<boolean> {
  return apiKey !== "" && (await findSettingsByApiKey(apiKey)) !== null;
}

/** Counts a failed attempt (wrong key, shop mismatch) against the address. */
export function recordAddressFailure(address: string): Promise<void> {
  return callbackLimits().failuresPerAddress.record(digest(address));
}

/** For tests that change the limits' variables. */
export function resetCallbackLimitsForTests() {
  limits = null;
}
