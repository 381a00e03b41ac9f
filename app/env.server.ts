import { z } from "zod";
import { databaseEngine, DEFAULT_DATABASE_URL } from "./db-adapter.server";

export const DEFAULT_SCOPES =
  "read_products,write_products,read_orders,write_orders,read_customers,read_themes,write_themes";

const url = z.string().url();
const optionalUrl = z.preprocess(
  (value) => (typeof value === "string" && !value.trim() ? undefined : value),
  url.optional(),
);
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

// ENCRYPTION_KEY: 32 random bytes as 64 hex characters or base64 (`openssl rand -hex 32`).
const encryptionKey = z.string().transform((value, ctx) => {
  const key = decodeKey(value.trim());
  if (!key) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: "must be 32 bytes as 64 hex characters or base64 (generate one with `openssl rand -hex 32`)",
    });
    return z.NEVER;
  }
  return key;
});

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PLATFORM_API_KEY: z.string().min(1),
    PLATFORM_API_SECRET: z.string().min(1),
    PLATFORM_APP_URL: url.transform((value) => value.replace(/\/+$/, "")),
    SCOPES: z
      .string()
      .default(DEFAULT_SCOPES)
      .transform((value) =>
        value
          .split(",")
          .map((scope) => scope.trim())
          .filter(Boolean),
      ),
    SHOP_CUSTOM_DOMAIN: optionalString,
    DATABASE_URL: z
      .string()
      .default(DEFAULT_DATABASE_URL)
      .refine((value) => value.startsWith("file:") || isPostgresUrl(value), {
        message:
          "must be a file: URL (SQLite, e.g. file:./prisma/dev.sqlite) or a postgres:// or postgresql:// URL with a host and a database",
      }),
    ENCRYPTION_KEY: encryptionKey,
    // Keys that used to be ENCRYPTION_KEY, comma separated: values sealed under them stay readable.
    ENCRYPTION_KEYS_PREVIOUS: z
      .string()
      .default("")
      .transform((value, ctx) =>
        value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const key = decodeKey(part);
            if (!key)
              ctx.addIssue({ code: z.ZodIssueCode.custom, message: "each key must be 32 bytes, hex or base64" });
            return key as Buffer;
          }),
      ),
    AUTOMATION_API_URL: url.transform(stripSlash),
    SUPPLIER_API_URL: url.transform(stripSlash),
    SUPPLIER_ORIGIN: url.transform(stripSlash),
    SUPPLIER_IMAGE_BASE_URL: url.transform(stripSlash),
    GITHUB_API_URL: url.default("https://api.github.com").transform(stripSlash),
    // Lets user-supplied URLs reach loopback addresses: for tests and the local sandbox only (see superRefine).
    ALLOW_LOOPBACK_FETCH: z
      .enum(["true", "false", "1", "0", ""])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    CALLBACK_ALLOWED_ORIGINS: optionalString,
    // Callbacks one automation API key may send at once, then per second (docs/decisions/018).
    CALLBACK_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(100_000).default(60),
    CALLBACK_RATE_LIMIT_PER_SECOND: z.coerce.number().positive().max(10_000).default(5),
    // Failed callbacks (wrong key, shop mismatch) one client address may make per minute, then 429 (docs/decisions/092).
    CALLBACK_FAILED_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    // Proxies in front of the app that append to X-Forwarded-For; the client address is the entry this far from
    // the right of the list they built (0: the app faces its clients, the connection's address). Decision 188.
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
    // Calls a minute the app makes to read supplier orders, per supplier token across the fleet: half the
    // marketplace's limit of about 60, the rest left to the merchant's other integrations (docs/decisions/304).
    SUPPLIER_POLL_PER_MINUTE: z.coerce.number().int().min(1).max(55).default(30),
    // Days an order payload is kept after the webhook arrived; afterwards only the delivery record stays.
    DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // Minutes a checkout may stay without an order before the abandoned-cart flow is triggered.
    CHECKOUT_ABANDON_DELAY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    // Run the delivery worker inside the web process (false when `npm run worker` runs it separately).
    WORKER_INLINE: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((value) => value === "true" || value === "1"),
    WORKER_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Sandbox and tests only: the origin that stands in for every https://<shop domain> (sandbox/README.md).
    PLATFORM_ORIGIN_OVERRIDE: optionalUrl.transform((value) => (value ? stripSlash(value) : undefined)),
    // Where the embedded pages load the App Bridge script from (the sandbox serves a stand-in).
    APP_BRIDGE_URL: optionalUrl,
  })
  .superRefine((env, ctx) => {
    // A production app that sends shop traffic (and access tokens) to another origin is never wanted.
    if (env.NODE_ENV === "production" && env.PLATFORM_ORIGIN_OVERRIDE) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["PLATFORM_ORIGIN_OVERRIDE"],
        message: "must not be set when NODE_ENV is production (it is for the sandbox and tests)",
      });
    }
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.ALLOW_LOOPBACK_FETCH) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["ALLOW_LOOPBACK_FETCH"],
        message: "must not be enabled in production (it lets user-supplied URLs reach this machine)",
      });
    }
  })
  .transform((env) => ({
    ...env,
    // Default: the panels of the automation platform and the supplier marketplace.
    CALLBACK_ALLOWED_ORIGINS: env.CALLBACK_ALLOWED_ORIGINS
      ? env.CALLBACK_ALLOWED_ORIGINS.split(",")
          .map((origin) => stripSlash(origin.trim()))
          .filter(Boolean)
      : [new URL(env.AUTOMATION_API_URL).origin, new URL(env.SUPPLIER_ORIGIN).origin],
  }));

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration; fix these environment variables:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * Validates a set of variables. The Shopify CLI (`shopify app dev`) provides SHOPIFY_API_KEY,
 * SHOPIFY_API_SECRET and SHOPIFY_APP_URL: they stand in for the PLATFORM_* names when those are unset.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const input = {
    ...source,
    PLATFORM_API_KEY: source.PLATFORM_API_KEY ?? source.SHOPIFY_API_KEY,
    PLATFORM_API_SECRET: source.PLATFORM_API_SECRET ?? source.SHOPIFY_API_SECRET,
    PLATFORM_APP_URL: source.PLATFORM_APP_URL ?? source.SHOPIFY_APP_URL,
  };
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "(environment)";
        const missing = issue.code === "invalid_type" && issue.received === "undefined";
        return missing ? `${name}: is missing` : `${name}: ${issue.message}`;
      }),
    );
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration of this process, read once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvForTests() {
  cached = undefined;
}

function isPostgresUrl(value: string) {
  if (databaseEngine(value) !== "postgresql") return false;
  try {
    const url = new URL(value);
    return Boolean(url.hostname || url.searchParams.get("host")) && url.pathname.length > 1;
  } catch {
    return false;
  }
}

function stripSlash(value: string) {
  return value.replace(/\/+$/, "");
}

function decodeKey(value: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, "hex");
  const buffer = Buffer.from(value, "base64");
  return buffer.length === 32 ? buffer : undefined;
}
