import { z } from "zod";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { API_VERSION } from "../../shopify.server";
import { platformHeaders, realSleep, type PlatformSession } from "../platform/graphql.server";

/** The spec's Theme: what the install answers. */
export interface Theme {
  id: number;
  name: string;
  role: string;
  created_at: string;
}

const themeResponse = z.object({
  theme: z.object({ id: z.number().int(), name: z.string(), role: z.string(), created_at: z.string() }).passthrough(),
});

// `{ errors: "Not Found" }`, `{ errors: { src: ["is not a valid zip"] } }` or `{ errors: ["..."] }`.
const errorResponse = z.object({
  errors: z.union([z.string(), z.array(z.string()), z.record(z.union([z.string(), z.array(z.string())]))]),
});

const TIMEOUT_MS = 30_000;
const MAX_ATTEMPTS = 3;

export function themesUrl(shop: string) {
  return `https://${shop}/admin/api/${API_VERSION}/themes.json`;
}

/**
 * Asks the platform to create an unpublished theme from a ZIP it downloads from `src` (REST: the
 * GraphQL API has no equivalent that takes a URL). Its refusals come back as an AppError whose
 * message says what the platform said.
 */
export async function createUnpublishedTheme(
  session: PlatformSession,
  input: { name: string; src: string },
  options: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<Theme> {
  const sleep = options.sleep ?? realSleep;
  const log = logger.child({ shop: session.shop, call: "themes.create" });

  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(themesUrl(session.shop), {
        method: "POST",
        headers: platformHeaders(session),
        body: JSON.stringify({ theme: { name: input.name, src: input.src, role: "unpublished" } }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, "platform unreachable");
      throw new AppError(
        502,
        "The platform did not answer the theme installation; try again shortly",
        "platform_error",
      );
    }

    // The REST bucket refills at 2 requests per second: one short wait is enough.
    if (response.status === 429 && attempt < MAX_ATTEMPTS) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : 1000);
      continue;
    }

    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = themeResponse.safeParse(body);
      if (!parsed.success) {
        throw new AppError(
          502,
          "The platform answered the theme installation in an unexpected shape",
          "platform_error",
        );
      }
      const { id, name, role, created_at } = parsed.data.theme;
      return { id, name, role, created_at };
    }

    const detail = describeErrors(body);
    log.warn({ status: response.status, detail }, "platform refused the theme");
    if (response.status === 401) {
      throw new AppError(502, "The platform refused the shop's access token; the app may need to be reinstalled");
    }
    if (response.status === 403) {
      throw new AppError(403, "The platform refused: the app needs the write_themes access scope for this shop");
    }
    if (response.status === 429) {
      throw new AppError(429, "The platform is rate limiting this shop; try again shortly");
    }
    if (response.status >= 500) {
      throw new AppError(502, `The platform failed to install the theme (HTTP ${response.status}); try again shortly`);
    }
    throw new AppError(422, `The platform refused the theme: ${detail ?? `HTTP ${response.status}`}`, "theme_refused");
  }
}

function describeErrors(body: unknown): string | null {
  const parsed = errorResponse.safeParse(body);
  if (!parsed.success) return null;
  const { errors } = parsed.data;
  if (typeof errors === "string") return errors;
  if (Array.isArray(errors)) return errors.join("; ");
  return Object.entries(errors)
    .map(([field, messages]) => `${field} ${[messages].flat().join(", ")}`)
    .join("; ");
}
