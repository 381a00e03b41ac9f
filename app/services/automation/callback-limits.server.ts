import { createTokenBuckets, type TokenBuckets } from "../../lib/rate-limit.server";
import { env } from "../../env.server";

/**
 * Per presented API key (docs/decisions/018-callback-rate-limit.md): by default a burst of 60, then 5 a second,
 * above what one shop's GraphQL budget can tag anyway, so only a runaway caller is refused.
 * It lives outside the route module: a route may export only Remix's exports beside server-only imports, or the
 * client build refuses it ("Server-only module referenced by client").
 */
let limits: TokenBuckets | null = null;
export function callbackLimits() {
  limits ??= createTokenBuckets({
    capacity: env().CALLBACK_RATE_LIMIT_BURST,
    refillPerSecond: env().CALLBACK_RATE_LIMIT_PER_SECOND,
  });
  return limits;
}
