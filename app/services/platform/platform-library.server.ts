/**
 * What a platform call needs of the platform library and of the app's configuration of it (app/shopify.server.ts),
 * as one module that ./graphql.server.ts loads at the first call (docs/decisions/247). The web process has it
 * loaded from the start through its routes; the delivery worker, which may never call the platform, does not
 * carry the library, the Remix adapter and the session storage until it does.
 */
import { reapplyPlatformTransport } from "./transport.server";

export { GraphqlQueryError, HttpRequestError, HttpResponseError, HttpThrottlingError } from "@shopify/shopify-api";
export { platformApi } from "../../shopify.server";
export { invalidateRefusedToken, loadOfflineSession, needsTokenWork, offlineAdmin } from "./offline-admin.server";

// The library's adapter, imported just now, set the library's fetch to the global one: a process that installed
// its transport at start-up (startServices) gets it back before this module's first call.
reapplyPlatformTransport();
