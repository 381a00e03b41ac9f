import "@shopify/shopify-app-remix/adapters/node";
import { shopifyApi } from "@shopify/shopify-api";
import { AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "./db.server";
import { env } from "./env.server";
import { API_VERSION } from "./services/platform/api-version";
import { logger } from "./logger.server";
import { oneExchangePerShop, sessionTokenOf } from "./services/platform/one-exchange-per-shop.server";
import { installPlatformOriginOverride } from "./services/platform/origin-override.server";
import { SealedSessionStorage } from "./services/platform/sealed-session-storage.server";
import { requireSessionTokenExpiry } from "./services/platform/session-token-expiry.server";
import { readStoredSession } from "./services/platform/session-rows.server";
import { recordInstallation } from "./services/shops/installation.server";

export { API_VERSION };

const config = env();
// Before the library makes any call: its token exchange must reach the stand-in platform too.
installPlatformOriginOverride(config.PLATFORM_ORIGIN_OVERRIDE, config.SHOP_CUSTOM_DOMAIN);
const libraryLog = logger.child({ component: "shopify-app" });
const LIBRARY_LEVELS = {
  [LogSeverity.Error]: "error",
  [LogSeverity.Warning]: "warn",
  [LogSeverity.Info]: "info",
  [LogSeverity.Debug]: "debug",
} as const;

const shopify = shopifyApp({
  apiKey: config.PLATFORM_API_KEY,
  apiSecretKey: config.PLATFORM_API_SECRET,
  apiVersion: API_VERSION,
  scopes: config.SCOPES,
  appUrl: config.PLATFORM_APP_URL,
  authPathPrefix: "/auth",
  // Tokens sealed at rest (docs/decisions/065).
  sessionStorage: new SealedSessionStorage(new PrismaSessionStorage(prisma), readStoredSession),
  distribution: AppDistribution.AppStore,
  useOnlineTokens: false,
  future: {
    unstable_newEmbeddedAuthStrategy: true,
    // Offline tokens expire (60 min on the platform) and come with a refresh token; `unauthenticated.admin`
    // refreshes them and stores the rotated pair (docs/decisions/060).
    expiringOfflineAccessTokens: true,
  },
  // The library's own log lines go through the one logger (and its redaction).
  logger: {
    level: config.LOG_LEVEL === "debug" || config.LOG_LEVEL === "trace" ? LogSeverity.Debug : LogSeverity.Warning,
    log: (severity, message) => libraryLog[LIBRARY_LEVELS[severity]](message),
  },
  ...(config.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [config.SHOP_CUSTOM_DOMAIN] } : {}),
  hooks: {
    // The install time, for the home page's orders placed before it (docs/decisions/131); kept on later calls.
    afterAuth: async ({ session }) => recordInstallation(session.shop),
  },
});

/**
 * The same app as the lower-level platform library sees it, for what the Remix package does not expose:
 * the exchange of a non-expiring offline token for an expiring one, the offline session id.
 */
export const platformApi = shopifyApi({
  apiKey: config.PLATFORM_API_KEY,
  apiSecretKey: config.PLATFORM_API_SECRET,
  apiVersion: API_VERSION,
  scopes: config.SCOPES,
  hostName: new URL(config.PLATFORM_APP_URL).host,
  hostScheme: new URL(config.PLATFORM_APP_URL).protocol === "http:" ? "http" : "https",
  isEmbeddedApp: true,
  logger: {
    level: LogSeverity.Warning,
    log: async (severity, message) => libraryLog[LIBRARY_LEVELS[severity]](message),
  },
  ...(config.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [config.SHOP_CUSTOM_DOMAIN] } : {}),
});

export default shopify;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
/** The shop a request's session token was signed for; undefined when it carries none that verifies. */
async function verifiedShopOf(request: Request) {
  const token = sessionTokenOf(request);
  if (!token) return undefined;
  try {
    return new URL((await platformApi.session.decodeSessionToken(token)).dest).hostname;
  } catch {
    // Not a valid token: the library answers this request itself (bounce or 401), nothing to share.
    return undefined;
  }
}

// Parallel first-open requests of one shop share one token exchange (docs/decisions/148); a session token without
// `exp` is refused on every embedded and extension request.
export const authenticate: typeof shopify.authenticate = {
  ...shopify.authenticate,
  admin: requireSessionTokenExpiry(oneExchangePerShop(shopify.authenticate.admin, { shopOf: verifiedShopOf })),
};
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;
