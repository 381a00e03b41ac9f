import type { AdminOperations } from "@shopify/admin-api-client";
import type { GraphqlQueryError } from "@shopify/shopify-api";
import { z } from "zod";
import { logger } from "../../logger.server";
import { API_VERSION } from "./api-version";
import { PlatformApiError, TOKEN_REFUSED, tokenRefused } from "./errors.server";
import {
  IP_NOT_ALLOWED,
  ipNotAllowed,
  noteAdminApiAccepted,
  noteIpAllowlistRefusal,
  refusedByIpAllowlist,
} from "./ip-allowlist.server";

type PlatformLibrary = typeof import("./platform-library.server");
let library: Promise<PlatformLibrary> | undefined;
/** The platform library and the app's configuration of it, loaded at the first call (./platform-library.server.ts). */
export const platformLibrary = () => (library ??= import("./platform-library.server"));

/**
 * The shop a platform call acts for. The token is never carried around: each call gets the admin client
 * through the library's offline path, which refreshes an expired token (./offline-admin.server.ts).
 */
export interface PlatformSession {
  shop: string;
}

export interface GraphqlOptions {
  /** Waits between attempts; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  maxAttempts?: number;
  /** Told each answer's cost block (requested and actual cost, bucket left), for callers that pace themselves. */
  onCost?: (cost: QueryCost) => void;
}

export interface QueryCost {
  requestedQueryCost: number | null;
  actualQueryCost: number | null;
  currentlyAvailable: number | null;
  maximumAvailable: number | null;
  restoreRate: number | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A mutation sent without an answer (5xx, reset, timeout): the platform may or may not have made the change. */
export const ANSWER_LOST = "ANSWER_LOST";
const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_WAIT_MS = 30_000;

const graphqlError = z.object({
  message: z.string(),
  extensions: z.object({ code: z.string().optional() }).passthrough().optional(),
});

const graphqlResponse = z.object({
  data: z.unknown().optional(),
  errors: z.array(graphqlError).optional(),
  extensions: z
    .object({
      cost: z
        .object({
          requestedQueryCost: z.number().nullish(),
          actualQueryCost: z.number().nullish(),
          throttleStatus: z
            .object({ maximumAvailable: z.number(), currentlyAvailable: z.number(), restoreRate: z.number() })
            .optional(),
        })
        .optional(),
    })
    .passthrough()
    .optional(),
});

type GraphqlBody = z.infer<typeof graphqlResponse>;

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The shop's offline session, or null when the app is not installed there (read through the session storage). A
 * session whose token the platform refused is still the shop's: its calls fail with UNAUTHORIZED, worded with
 * what to do, until the merchant opens the app and a new token is exchanged (docs/decisions/187).
 */
export async function getOfflineSession(shop: string): Promise<PlatformSession | null> {
  const session = await (await platformLibrary()).loadOfflineSession(shop);
  return session ? { shop: session.shop } : null;
}

export function graphqlUrl(shop: string) {
  return `https://${shop}/admin/api/${API_VERSION}/graphql.json`;
}

function operationName(query: string) {
  return /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
}

/** Whether the document is a mutation: its first word once the `#graphql` tag and other comments are gone. */
export function isMutation(query: string) {
  return /^mutation\b/.test(query.replace(/#[^\n]*/g, "").trimStart());
}

/**
 * The operations codegen typed against the platform's schema (app/types/admin.generated.d.ts adds them to the
 * client's maps), without the maps' catch-all string index, which would type any other document as `any`.
 */
type KnownOperations = {
  [
    Name in keyof AdminOperations as string extends Name ? never : Name extends string ? Name : never
  ]: AdminOperations[Name];
};
export type AdminOperation = keyof KnownOperations;
export type OperationVariables<Operation extends AdminOperation> = KnownOperations[Operation]["variables"];
export type OperationResult<Operation extends AdminOperation> = KnownOperations[Operation]["return"];

/** What one attempt came to: the data, or a reason to wait and try again, or a failure to report. */
type Attempt<T> =
  | { data: T; extensions?: unknown }
  | { retryAfterMs: number; reason: string }
  | { error: PlatformApiError }
  /** HTTP 401: the token sent was refused. */
  | { refused: true };

/**
 * Runs one GraphQL admin operation for a shop through the library's GraphQL client, with the offline session the
 * library's offline path keeps valid (refreshed when it expires). The client is the one `admin.graphql` wraps:
 * called directly, its parsed answer is not turned back into a JSON string and a Response to be parsed again
 * (docs/decisions/175). The library's own retries (HTTP 429/503, blind to what the call was) stay off: this loop
 * decides. The platform throttles with HTTP 429 and with HTTP 200 and a THROTTLED error. Both wait as long as the cost/throttleStatus block says the bucket needs to refill,
 * then try again: the platform ran nothing. Network errors and 5xx are retried with backoff for a query only: a
 * mutation may have run with its answer lost, so it fails with ANSWER_LOST and the task that sent it reads the
 * platform before it writes again (docs/decisions/292). Any other error is a PlatformApiError
 * with the platform's codes. A `#graphql` document of app/ is typed by codegen against the platform's published
 * schema (app/types/admin.generated.d.ts): its variables and its answer need no type written by hand.
 */
export async function platformGraphql<Operation extends AdminOperation>(
  session: PlatformSession,
  query: Operation,
  variables?: OperationVariables<Operation>,
  options?: GraphqlOptions,
): Promise<OperationResult<Operation>>;
/**
 * A document codegen does not type (a test's, or one built at run time): its answer is `unknown` until parsed. A
 * document codegen knows is refused here, so its generated types cannot be bypassed.
 */
export async function platformGraphql<Query extends string>(
  session: PlatformSession,
  query: Query & (Query extends AdminOperation ? never : unknown),
  variables?: Record<string, unknown>,
  options?: GraphqlOptions,
): Promise<unknown>;
export async function platformGraphql<T>(
  session: PlatformSession,
  query: string,
  variables: Record<string, unknown> = {},
  options: GraphqlOptions = {},
): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const operation = operationName(query);
  const log = logger.child({ shop: session.shop, operation });
  const lib = await platformLibrary();

  for (let attempt = 1; ; attempt++) {
    const { session: offline } = await lib.offlineAdmin(session.shop);
    const outcome = await attemptOnce<T>(lib, attempt, () =>
      new lib.platformApi.clients.Graphql({ session: offline }).request<T>(query, {
        variables,
        retries: 0,
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      }),
    );
    if ("data" in outcome) {
      await noteAdminApiAccepted();
      if (options.onCost) options.onCost(costOf(outcome.extensions));
      return outcome.data;
    }
    if ("refused" in outcome) {
      // Cleared: the merchant's next open of the app exchanges a new token. Not cleared: a new token was stored
      // since this call read the session (another process's, or the refresh just made); the next attempt uses it.
      if ((await lib.invalidateRefusedToken(session.shop, offline.accessToken!)) || attempt >= maxAttempts) {
        log.warn({ codes: ["UNAUTHORIZED"] }, TOKEN_REFUSED);
        throw tokenRefused();
      }
      continue;
    }
    if ("error" in outcome) {
      if (outcome.error.code === IP_NOT_ALLOWED) await noteIpAllowlistRefusal(log);
      else log.warn({ codes: outcome.error.codes }, outcome.error.message);
      throw outcome.error;
    }
    if (outcome.reason !== "throttled" && isMutation(query)) {
      log.warn({ attempt, reason: outcome.reason }, "mutation answer lost; not sent again");
      throw new PlatformApiError(502, "The platform did not answer the change; it may have been made", [ANSWER_LOST]);
    }
    if (attempt >= maxAttempts) {
      throw outcome.reason === "throttled"
        ? new PlatformApiError(429, "The platform is rate limiting this shop; try again shortly", ["THROTTLED"])
        : new PlatformApiError(502, "The platform did not answer; try again shortly");
    }
    log.info({ attempt, waitMs: outcome.retryAfterMs, reason: outcome.reason }, "platform call will be retried");
    await sleep(outcome.retryAfterMs);
  }
}

async function attemptOnce<T>(
  lib: PlatformLibrary,
  attempt: number,
  call: () => Promise<{ data?: T; extensions?: unknown }>,
): Promise<Attempt<T>> {
  try {
    const body = await call();
    return { data: body.data as T, extensions: body.extensions };
  } catch (error) {
    if (error instanceof lib.GraphqlQueryError) return fromGraphqlErrors(error, attempt);
    if (error instanceof lib.HttpThrottlingError) {
      const retryAfter = Number(error.response.retryAfter);
      return {
        retryAfterMs: retryAfter > 0 ? Math.min(MAX_WAIT_MS, retryAfter * 1000) : 1000 * attempt,
        reason: "throttled",
      };
    }
    if (error instanceof lib.HttpResponseError) {
      const status = error.response.code;
      if (status === 401) return { refused: true };
      // A 403 refuses the call, not the token: the app's IP allowlist (docs/decisions/189), else a permission the
      // shop has not granted. The token stays either way.
      if (status === 403 && (await refusedByIpAllowlist(error))) return { error: ipNotAllowed() };
      if (status === 403) {
        return {
          error: new PlatformApiError(502, "The platform refused this call: the app lacks a permission it needs", [
            "FORBIDDEN",
          ]),
        };
      }
      if (status >= 500) return { retryAfterMs: backoff(attempt), reason: `HTTP ${status}` };
      return { error: new PlatformApiError(502, `The platform answered HTTP ${status} without a usable body`) };
    }
    // No answer at all: refused connection, reset, timeout.
    if (error instanceof lib.HttpRequestError || (error instanceof Error && error.name === "TimeoutError")) {
      return { retryAfterMs: backoff(attempt), reason: "unreachable" };
    }
    throw error;
  }
}

function fromGraphqlErrors<T>(error: GraphqlQueryError, attempt: number): Attempt<T> {
  const raw = (error.body ?? {}) as { errors?: { graphQLErrors?: unknown }; extensions?: unknown };
  const parsed = graphqlResponse.safeParse({ errors: raw.errors?.graphQLErrors, extensions: raw.extensions });
  const body = parsed.success ? parsed.data : null;
  const errors = body?.errors ?? [];
  const codes = errors.map((e) => e.extensions?.code ?? "").filter(Boolean);
  if (codes.includes("THROTTLED")) return { retryAfterMs: throttleWait(null, body, attempt), reason: "throttled" };
  const message = errors[0]?.message ?? error.message;
  if (codes.includes("ACCESS_DENIED")) {
    return { error: new PlatformApiError(403, `The platform denied access: ${message}`, codes) };
  }
  return { error: new PlatformApiError(502, `The platform reported an error: ${message}`, codes) };
}

function costOf(extensions: unknown): QueryCost {
  const parsed = graphqlResponse.shape.extensions.safeParse(extensions);
  const cost = parsed.success ? parsed.data?.cost : undefined;
  return {
    requestedQueryCost: cost?.requestedQueryCost ?? null,
    actualQueryCost: cost?.actualQueryCost ?? null,
    currentlyAvailable: cost?.throttleStatus?.currentlyAvailable ?? null,
    maximumAvailable: cost?.throttleStatus?.maximumAvailable ?? null,
    restoreRate: cost?.throttleStatus?.restoreRate ?? null,
  };
}

/** Exponential backoff with full jitter: up to 0.5 s, 1 s, 2 s, ... */
function backoff(attempt: number) {
  return Math.round(Math.random() * Math.min(MAX_WAIT_MS, 500 * 2 ** (attempt - 1)));
}

/** How long until the bucket holds enough points for the query again (Retry-After wins when given). */
export function throttleWait(response: Response | null, body: GraphqlBody | null, attempt: number): number {
  const retryAfter = Number(response?.headers.get("Retry-After"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(MAX_WAIT_MS, retryAfter * 1000);
  const cost = body?.extensions?.cost;
  const status = cost?.throttleStatus;
  if (status && status.restoreRate > 0) {
    const needed = Math.max(0, (cost?.requestedQueryCost ?? status.maximumAvailable / 10) - status.currentlyAvailable);
    return Math.min(MAX_WAIT_MS, Math.ceil((needed / status.restoreRate) * 1000) + 100);
  }
  return 1000 * attempt;
}
