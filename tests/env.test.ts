import { describe, expect, it } from "vitest";
import { DEFAULT_SCOPES, EnvError, parseEnv } from "~/env.server";
import { TEST_ENV } from "./helpers/test-env";

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("environment validation", () => {
  it("names each missing required variable", () => {
    const problems = problemsOf({});
    for (const name of [
      "PLATFORM_API_KEY",
      "PLATFORM_API_SECRET",
      "PLATFORM_APP_URL",
      "ENCRYPTION_KEY",
      "AUTOMATION_API_URL",
      "SUPPLIER_API_URL",
      "SUPPLIER_ORIGIN",
      "SUPPLIER_IMAGE_BASE_URL",
    ]) {
      expect(problems).toContain(`${name}: is missing`);
    }
  });

  it("explains a malformed value with the variable's name", () => {
    const problems = problemsOf({
      ...TEST_ENV,
      ENCRYPTION_KEY: "short",
      PLATFORM_APP_URL: "not a url",
      PORT: "eighty",
    });
    expect(problems.find((p) => p.startsWith("ENCRYPTION_KEY:"))).toMatch(/32 bytes/);
    expect(problems.find((p) => p.startsWith("PLATFORM_APP_URL:"))).toBeDefined();
    expect(problems.find((p) => p.startsWith("PORT:"))).toBeDefined();
  });

  it("refuses with a readable list in the error message", () => {
    expect(() => parseEnv({ ...TEST_ENV, PLATFORM_API_SECRET: undefined })).toThrow(
      /Invalid configuration[\s\S]*- PLATFORM_API_SECRET: is missing/,
    );
  });

  it("applies the defaults of the specification", () => {
    const { SCOPES, DATABASE_URL, GITHUB_API_URL, LOG_LEVEL, PORT, ...rest } = parseEnv({
      ...TEST_ENV,
      SCOPES: undefined,
      GITHUB_API_URL: undefined,
      LOG_LEVEL: undefined,
    });
    expect(SCOPES).toEqual(DEFAULT_SCOPES.split(","));
    expect(SCOPES).toHaveLength(7);
    expect(DATABASE_URL).toBe("file:./prisma/dev.sqlite");
    expect(GITHUB_API_URL).toBe("https://api.github.com");
    expect(LOG_LEVEL).toBe("info");
    expect(PORT).toBe(3000);
    expect(rest.CALLBACK_ALLOWED_ORIGINS).toEqual(["https://automation.test", "https://supplier-panel.test"]);
  });

  it("accepts SQLite files and PostgreSQL URLs as DATABASE_URL, and refuses other stores", () => {
    for (const url of [
      "file:./prisma/dev.sqlite",
      "postgres://app:secret@db.internal:5432/connector",
      "postgresql://app@127.0.0.1/connector?sslmode=disable",
    ]) {
      expect(parseEnv({ ...TEST_ENV, DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    for (const url of ["mysql://app@db/connector", "postgres://db.internal", "./dev.sqlite"]) {
      expect(() => parseEnv({ ...TEST_ENV, DATABASE_URL: url })).toThrow(/DATABASE_URL: must be a file: URL/);
    }
  });

  it("takes the Shopify CLI's variable names when the PLATFORM_* ones are unset", () => {
    const parsed = parseEnv({
      ...TEST_ENV,
      PLATFORM_API_KEY: undefined,
      PLATFORM_API_SECRET: undefined,
      PLATFORM_APP_URL: undefined,
      SHOPIFY_API_KEY: "cli-key",
      SHOPIFY_API_SECRET: "cli-secret",
      SHOPIFY_APP_URL: "https://tunnel.example.com/",
    });
    expect(parsed.PLATFORM_API_KEY).toBe("cli-key");
    expect(parsed.PLATFORM_API_SECRET).toBe("cli-secret");
    expect(parsed.PLATFORM_APP_URL).toBe("https://tunnel.example.com");
  });

  it("splits CALLBACK_ALLOWED_ORIGINS into a list", () => {
    const parsed = parseEnv({ ...TEST_ENV, CALLBACK_ALLOWED_ORIGINS: "https://a.test, https://b.test/" });
    expect(parsed.CALLBACK_ALLOWED_ORIGINS).toEqual(["https://a.test", "https://b.test"]);
  });

  it("keeps user-supplied URLs off loopback unless ALLOW_LOOPBACK_FETCH is set", () => {
    expect(parseEnv({ ...TEST_ENV }).ALLOW_LOOPBACK_FETCH).toBe(false);
    expect(parseEnv({ ...TEST_ENV, ALLOW_LOOPBACK_FETCH: "true" }).ALLOW_LOOPBACK_FETCH).toBe(true);
  });

  it("refuses ALLOW_LOOPBACK_FETCH in production", () => {
    expect(problemsOf({ ...TEST_ENV, NODE_ENV: "production", ALLOW_LOOPBACK_FETCH: "true" })).toEqual([
      "ALLOW_LOOPBACK_FETCH: must not be enabled in production (it lets user-supplied URLs reach this machine)",
    ]);
    expect(problemsOf({ ...TEST_ENV, NODE_ENV: "production", ALLOW_LOOPBACK_FETCH: "false" })).toEqual([]);
  });
  it("gives the order pipeline's defaults: 30-day retention, 60-minute checkout delay, inline worker", () => {
    const env = parseEnv({ ...TEST_ENV });
    expect(env).toMatchObject({
      DELIVERY_RETENTION_DAYS: 30,
      CHECKOUT_ABANDON_DELAY_MINUTES: 60,
      WORKER_INLINE: true,
      WORKER_POLL_INTERVAL_MS: 1000,
    });
  });

  it("reads WORKER_INLINE=false and refuses a retention of zero days", () => {
    expect(parseEnv({ ...TEST_ENV, WORKER_INLINE: "false" }).WORKER_INLINE).toBe(false);
    expect(problemsOf({ ...TEST_ENV, DELIVERY_RETENTION_DAYS: "0" })).toEqual([
      "DELIVERY_RETENTION_DAYS: Number must be greater than or equal to 1",
    ]);
  });
});
