import { randomUUID } from "node:crypto";
import type { Session } from "@shopify/shopify-api";
import { releaseLease, takeLease } from "../../lib/leases.server";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { platformApi, sessionStorage, unauthenticated } from "../../shopify.server";
import { tokenRefused } from "./errors.server";
import { forgetReadSession, openStoredSession } from "./sealed-session-storage.server";
import { clearAccessTokenIfStored, readStoredSession } from "./session-rows.server";

/** The library refreshes an offline token this close to its expiry (shopify-app-remix, WITHIN_MILLISECONDS_OF_EXPIRY). */
export const REFRESH_WINDOW_MS = 5 * 60 * 1000;
/** How long a refresh may hold the shop's lease before another process may take it over. */
const LEASE_MS = 30_000;
const LEASE_POLL_MS = 50;
// Refresh a little before the library would, so the library never refreshes outside the lease.
const LEASE_MARGIN_MS = 30_000;

/** The shop's offline session, valid for at least the library's refresh window (its token refreshed if needed). */
export type OfflineAdmin = { session: Session };

export const NO_OFFLINE_SESSION = "The app is not installed on this shop (no offline session); reinstall it";

/**
 * The shop's offline session through the library's offline path (`unauthenticated.admin`), which refreshes an
 * expired offline token and stores the rotated pair. Every background call comes here.
 *
 * A refresh (and the one-time move of a non-expiring token to an expiring one) runs under a per-shop lease
 * in the database, so two processes never refresh the same shop at once: the platform rotates the refresh
 * token on use, and of two concurrent refreshes one would store a pair the other had already replaced
 * (docs/decisions/061).
 */
export async function offlineAdmin(shop: string): Promise<OfflineAdmin> {
  const session = await loadOfflineSession(shop);
  if (!session) throw new AppError(401, NO_OFFLINE_SESSION, "no_session");
  // Cleared after the platform refused it (invalidateRefusedToken, or the library's own admin client on a 401).
  if (!session.accessToken) throw tokenRefused();
  if (!needsTokenWork(session)) return adminFor(shop);
  return withTokenLease(shop, async () => {
    // Read again under the lease, from the table: another process may have refreshed while this one waited.
    forgetReadSession(platformApi.session.getOfflineId(shop));
    const current = await loadOfflineSession(shop);
    if (!current) throw new AppError(401, NO_OFFLINE_SESSION, "no_session");
    if (isNonExpiring(current)) await migrateToExpiring(current);
    else if (current.isExpired(REFRESH_WINDOW_MS)) logger.info({ shop }, "refreshing the shop's offline access token");
    return adminFor(shop);
  });
}

/**
 * After the platform answered 401 to `refusedToken` (docs/decisions/187), under the shop's token lease:
 * - another token stored since (an exchange, a refresh): nothing to do; the caller tries again with it (false);
 * - a refresh token that still works (a 401 from an expiry the stored date did not foresee): the pair is refreshed
 *   and stored, and the caller tries again (false);
 * - otherwise the access token is cleared, as the library does for its own admin client (invalidateAccessToken),
 *   so the shop's next embedded request finds the session inactive and the token exchange stores a fresh pair: the
 *   merchant reopens the app instead of reinstalling it (true). The clear is conditional on the stored value, so
 *   a token the library's exchange stores meanwhile (it takes no lease of this app's) is never lost.
 */
export async function invalidateRefusedToken(shop: string, refusedToken: string): Promise<boolean> {
  const id = platformApi.session.getOfflineId(shop);
  return withTokenLease(shop, async () => {
    // The row as the table holds it: its sealed token is what the clear below is conditional on.
    const stored = await readStoredSession(id);
    const current = stored && openStoredSession(stored);
    if (!current || current.accessToken !== refusedToken) return false;
    if (current.refreshToken) {
      try {
        const { session: refreshed } = await platformApi.auth.refreshToken({
          shop,
          refreshToken: current.refreshToken,
        });
        await sessionStorage.storeSession(refreshed);
        logger.info({ shop }, "the platform refused the shop's offline token; its refresh token gave a new pair");
        return false;
      } catch (error) {
        logger.info(
          { shop, err: error instanceof Error ? error.message : String(error) },
          "the refresh token was refused too",
        );
      }
    }
    const cleared = await clearAccessTokenIfStored(id, stored.accessToken!);
    forgetReadSession(id);
    if (cleared)
      logger.warn({ shop }, "the platform refused the shop's offline token: cleared until the app is opened");
    return cleared;
  });
}

/** The stored offline session (opened by the session storage), or undefined when the app is not installed. */
export async function loadOfflineSession(shop: string): Promise<Session | undefined> {
  return sessionStorage.loadSession(platformApi.session.getOfflineId(shop));
}

/** An offline token from before expiring tokens: no expiry and no refresh token. */
export function isNonExpiring(session: Session) {
  return !session.expires && !session.refreshToken;
}

/** True when the next Admin API call would first refresh (or exchange) the shop's offline token. */
export function needsTokenWork(session: Session) {
  return (
    isNonExpiring(session) || (Boolean(session.refreshToken) && session.isExpired(REFRESH_WINDOW_MS + LEASE_MARGIN_MS))
  );
}

async function adminFor(shop: string): Promise<OfflineAdmin> {
  try {
    return { session: (await unauthenticated.admin(shop)).session };
  } catch (thrown) {
    // The library throws a bare 500 Response when the platform refuses the refresh token.
    if (thrown instanceof Response || isInvalidGrant(thrown)) {
      logger.warn({ shop, status: thrown instanceof Response ? thrown.status : 400 }, "offline token refresh failed");
      throw new AppError(
        502,
        "The platform refused to refresh the shop's access token; the app may need to be reinstalled",
        "token_refresh_failed",
      );
    }
    if (thrown instanceof Error && thrown.name === "SessionNotFoundError") {
      throw new AppError(401, NO_OFFLINE_SESSION, "no_session");
    }
    throw thrown;
  }
}

function isInvalidGrant(thrown: unknown) {
  return (
    thrown instanceof Error &&
    thrown.name === "HttpResponseError" &&
    (thrown as Error & { response?: { code?: number } }).response?.code === 400
  );
}

/**
 * Exchanges a non-expiring offline token for an expiring one with a refresh token (the platform's token
 * exchange for exactly this), and stores the new pair: no merchant action (docs/decisions/062).
 */
async function migrateToExpiring(session: Session) {
  try {
    const { session: migrated } = await platformApi.auth.migrateToExpiringToken({
      shop: session.shop,
      nonExpiringOfflineAccessToken: session.accessToken!,
    });
    await sessionStorage.storeSession(migrated);
    logger.info({ shop: session.shop }, "offline access token moved to an expiring token");
  } catch (error) {
    logger.warn(
      { shop: session.shop, err: error instanceof Error ? error.message : String(error) },
      "moving the offline token to an expiring one failed",
    );
    throw new AppError(
      502,
      "The platform refused to exchange the shop's access token; the app may need to be reinstalled",
      "token_migration_failed",
    );
  }
}

/**
 * Runs `work` while holding the shop's token lease: a row taken by insert, or by a conditional update
 * when its holder's time ran out. Waits for a live lease to be released.
 */
export async function withTokenLease<T>(shop: string, work: () => Promise<T>, options = { leaseMs: LEASE_MS }) {
  const holder = randomUUID();
  const deadline = Date.now() + options.leaseMs * 2;
  while (!(await takeLease("platform-token", shop, holder, new Date(Date.now() + options.leaseMs)))) {
    if (Date.now() > deadline) {
      throw new AppError(503, "Another process is refreshing the shop's access token; try again shortly", "busy");
    }
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
  try {
    return await work();
  } finally {
    await releaseLease("platform-token", shop, holder);
  }
}
