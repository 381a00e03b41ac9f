import { setAbstractFetchFunc, type AbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { env } from "../../env.server";
import { createKeepAliveFetch } from "../net/keep-alive-fetch.server";
import { installPlatformOriginOverride, withPlatformOriginOverride } from "./origin-override.server";

let installed: AbstractFetchFunc | null = null;

/**
 * The platform library's transport (its `abstractFetch`, the seam its runtime adapters set): node:http with
 * keep-alive agents instead of undici's fetch, for the admin GraphQL client and the token calls (exchange,
 * refresh, move to an expiring token) alike (docs/decisions/175). Read by each client when it is made, so it
 * serves every call after start-up; with PLATFORM_ORIGIN_OVERRIDE the stand-in's redirection wraps it.
 * Called once by startServices, never at import.
 */
export function installPlatformTransport() {
  if (installed) return;
  // Idempotent (app/shopify.server.ts installs it at import): the stand-in must be known before it is wrapped.
  installPlatformOriginOverride(env().PLATFORM_ORIGIN_OVERRIDE, env().SHOP_CUSTOM_DOMAIN);
  const undici = globalThis.fetch.bind(globalThis);
  installed = withPlatformOriginOverride(createKeepAliveFetch({ fallback: undici }));
  setAbstractFetchFunc(installed);
}

/**
 * Sets the installed transport again, if there is one: importing the library's adapter (app/shopify.server.ts)
 * sets the library's fetch to the global one, and the delivery worker imports it after start-up
 * (./platform-library.server.ts).
 */
export function reapplyPlatformTransport() {
  if (installed) setAbstractFetchFunc(installed);
}
