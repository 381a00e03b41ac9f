import { z } from "zod";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { API_VERSION } from "../../shopify.server";

/** What a call to the platform needs: the shop and its offline access token. */
export interface PlatformSession {
  shop: string;
  accessToken: string;
}

export interface GraphqlOptions {
  /** Waits between attempts; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  maxAttempts?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
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

/** A failure the platform reported: its error codes (THROTTLED, ACCESS_DENIED, ...) travel with it. */
export class PlatformApiError extends AppError {
  constructor(
    status: number,
    message: string,
    readonly codes: string[] = [],
  ) {
    super(status, message, codes[0] ?? "platform_error");
    this.name = "PlatformApiError";
  }
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The shop's offline session, or null when the app is not installed there. */
export async function getOfflineSession(shop: string): Promise<PlatformSession | null> {
  const row = await prisma.session.findUnique({ where: { id: `offline_${shop}` } });
  return row?.accessToken ? { shop: row.shop, accessToken: row.accessToken } : null;
}

/** The headers of every call to the platform's admin APIs (GraphQL and REST) with the shop's offline token. */
export function platformHeaders(session: PlatformSession) {
  return {
    "Content-Type": "application/json",
    Accept: "application/json",
    "X-Shopify-Access-Token": session.accessToken,
  };
}

export function graphqlUrl(shop: string) {
  return `https://${shop}/admin/api/${API_VERSION}/graphql.json`;
}

function operationName(query: string) {
  return /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
}

/**
 * Runs one GraphQL admin operation for a shop. Throttling (HTTP 429, or 200 with THROTTLED) waits as
 * long as the cost/throttleStatus block says the bucket needs to refill, then tries again; network
 * errors and 5xx are retried with backoff. Any other error is a PlatformApiError with the platform's codes.
 */
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

  for (let attempt = 1; ; attempt++) {
    const last = attempt >= maxAttempts;
    let response: Response;
    try {
      response = await fetch(graphqlUrl(session.shop), {
        method: "POST",
        headers: platformHeaders(session),
        body: JSON.stringify({ query, variables, operationName: operation === "anonymous" ? undefined : operation }),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      if (last) throw new PlatformApiError(502, "The platform did not answer; try again shortly");
      log.warn(
        { attempt, err: error instanceof Error ? error.message : String(error) },
        "platform unreachable; retrying",
      );
      await sleep(backoff(attempt));
      continue;
    }

    if (response.status === 401 || response.status === 403) {
      throw new PlatformApiError(
        502,
        "The platform refused the shop's access token; the app may need to be reinstalled",
        ["UNAUTHORIZED"],
      );
    }
    if (response.status >= 500) {
      if (last) throw new PlatformApiError(502, `The platform failed (HTTP ${response.status}); try again shortly`);
      await sleep(backoff(attempt));
      continue;
    }

    const body = await readBody(response);
    const codes = (body?.errors ?? []).map((error) => error.extensions?.code ?? "").filter(Boolean);
    if (response.status === 429 || codes.includes("THROTTLED")) {
      if (last)
        throw new PlatformApiError(429, "The platform is rate limiting this shop; try again shortly", ["THROTTLED"]);
      const wait = throttleWait(response, body, attempt);
      log.info({ attempt, waitMs: wait }, "throttled by the platform; waiting");
      await sleep(wait);
      continue;
    }
    if (!body || response.status >= 400) {
      throw new PlatformApiError(502, `The platform answered HTTP ${response.status} without a usable body`);
    }
    if (body.errors?.length) {
      if (codes.includes("ACCESS_DENIED")) {
        throw new PlatformApiError(403, `The platform denied access: ${body.errors[0].message}`, codes);
      }
      log.warn({ errors: body.errors.map((e) => e.message) }, "platform GraphQL errors");
      throw new PlatformApiError(502, `The platform reported an error: ${body.errors[0].message}`, codes);
    }
    return body.data as T;
  }
}

async function readBody(response: Response): Promise<GraphqlBody | null> {
  try {
    const parsed = graphqlResponse.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Exponential backoff with full jitter: up to 0.5 s, 1 s, 2 s, ... */
function backoff(attempt: number) {
  return Math.round(Math.random() * Math.min(MAX_WAIT_MS, 500 * 2 ** (attempt - 1)));
}

/** How long until the bucket holds enough points for the query again (Retry-After wins when given). */
export function throttleWait(response: Response, body: GraphqlBody | null, attempt: number): number {
  const retryAfter = Number(response.headers.get("Retry-After"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(MAX_WAIT_MS, retryAfter * 1000);
  const cost = body?.extensions?.cost;
  const status = cost?.throttleStatus;
  if (status && status.restoreRate > 0) {
    const needed = Math.max(0, (cost?.requestedQueryCost ?? status.maximumAvailable / 10) - status.currentlyAvailable);
    return Math.min(MAX_WAIT_MS, Math.ceil((needed / status.restoreRate) * 1000) + 100);
  }
  return 1000 * attempt;
}
