import type { ApiVersion } from "@shopify/shopify-api";

/**
 * The Admin API version the app is configured for and calls (the library's ApiVersion.October26), named without
 * loading the library: the delivery worker loads it only at its first platform call (./platform-library.server.ts).
 */
export const API_VERSION = "2026-10" as ApiVersion.October26;
