import prisma from "../../db.server";
import { DEFAULT_TIME_ZONE, isKnownTimeZone, knownTimeZoneOr } from "../../lib/time-zone";
import { logger } from "../../logger.server";
import { platformGraphql, platformLibrary, type GraphqlOptions } from "../platform/graphql.server";

export const SHOP_TIME_ZONE_QUERY = `#graphql
  query ShopTimeZone {
    shop {
      ianaTimezone
    }
  }`;

/** A stored zone older than this is asked for again at its next use (a merchant may move the shop's zone). */
export const TIME_ZONE_REFRESH_MS = 24 * 60 * 60 * 1000;
/** After a failed ask, the shop's pages use what they have for this long before asking again. */
const FAILED_ASK_PAUSE_MS = 5 * 60 * 1000;
// A page waits for the ask; a slow platform must not hold it long (the zone is asked again later).
const ASK_TIMEOUT_MS = 4_000;

const askInFlight = new Map<string, Promise<string | null>>();
const lastFailedAsk = new Map<string, number>();

/**
 * The shop's IANA time zone (docs/decisions/200), "UTC" when unknown: the stored one, asked of the platform
 * (`shop { ianaTimezone }`) at first need and again once a day old. A failed ask is logged and the stored zone (or
 * UTC) used; it never fails the caller.
 */
export async function shopTimeZone(shop: string, now = new Date(), options: GraphqlOptions = {}): Promise<string> {
  const stored = await prisma.shopTimeZone.findUnique({ where: { shop } });
  if (stored && now.getTime() - stored.fetchedAt.getTime() < TIME_ZONE_REFRESH_MS) {
    return knownTimeZoneOr(stored.timeZone);
  }
  const failedAt = lastFailedAsk.get(shop);
  if (failedAt !== undefined && now.getTime() - failedAt < FAILED_ASK_PAUSE_MS) {
    return knownTimeZoneOr(stored?.timeZone);
  }
  let ask = askInFlight.get(shop);
  if (!ask) {
    ask = askPlatform(shop, now, options).finally(() => askInFlight.delete(shop));
    askInFlight.set(shop, ask);
  }
  return knownTimeZoneOr((await ask) ?? stored?.timeZone);
}

/** Stores the shop's zone as the platform gave it; a name the runtime does not know is stored as UTC. */
export async function storeShopTimeZone(shop: string, timeZone: string, now = new Date()): Promise<string> {
  const known = knownTimeZoneOr(timeZone);
  await prisma.shopTimeZone.upsert({
    where: { shop },
    create: { shop, timeZone: known, fetchedAt: now },
    update: { timeZone: known, fetchedAt: now },
  });
  return known;
}

async function askPlatform(shop: string, now: Date, options: GraphqlOptions): Promise<string | null> {
  // No offline session: the app is not installed there; nothing to ask with.
  const { loadOfflineSession, needsTokenWork } = await platformLibrary();
  const session = await loadOfflineSession(shop);
  if (!session) return null;
  // Pages ask this, and a page load may be the one whose token exchange is storing a new pair right now: a refresh
  // started beside it would spend a refresh token the exchange just replaced (the platform refuses it). So the
  // ask waits for a token that needs no refresh; the worker's calls refresh it, and the next use asks again.
  if (needsTokenWork(session)) return null;
  try {
    const data = await platformGraphql(
      { shop },
      SHOP_TIME_ZONE_QUERY,
      {},
      { maxAttempts: 2, timeoutMs: ASK_TIMEOUT_MS, ...options },
    );
    const asked = data.shop.ianaTimezone;
    if (!isKnownTimeZone(asked)) {
      logger.warn({ shop, timeZone: asked }, "the platform gave a time zone the runtime does not know; using UTC");
    }
    lastFailedAsk.delete(shop);
    return await storeShopTimeZone(shop, asked ?? DEFAULT_TIME_ZONE, now);
  } catch (error) {
    lastFailedAsk.set(shop, now.getTime());
    logger.warn(
      { shop, err: error instanceof Error ? error.message : String(error) },
      "could not read the shop's time zone from the platform; using the stored one or UTC",
    );
    return null;
  }
}
