import { beforeEach, describe, expect, it } from "vitest";
import { createUnpublishedTheme } from "~/services/theme/platform-themes.server";
import { createSession } from "../../helpers/factories";
import { mockPlatform, onlineStoreTheme, themeCreated } from "../../mocks/platform";

const session = { shop: "theme-shop.myshopify.com" };
const input = { name: "Automation Theme 2.5", src: "https://themes.example/theme.zip" };

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status: number; code: string };
  }
  throw new Error("expected the install to fail");
}

describe("createUnpublishedTheme (themeCreate)", () => {
  beforeEach(async () => {
    await createSession(session.shop);
  });

  it("creates the theme with role UNPUBLISHED and answers the spec's Theme", async () => {
    const calls = mockPlatform(session.shop, { ThemeCreate: (variables) => themeCreated(String(variables.name), 42) });
    const theme = await createUnpublishedTheme(session, input);
    expect(theme).toEqual({ id: 42, name: input.name, role: "unpublished", created_at: "2026-11-22T06:50:00Z" });
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toContain("role: UNPUBLISHED");
    expect(calls[0].variables).toEqual({ source: input.src, name: input.name });
  });

  it("follows the theme while the platform processes it", async () => {
    const calls = mockPlatform(session.shop, {
      ThemeCreate: () => themeCreated(input.name, 42, true),
      ThemeStatus: (_variables, call) => ({ theme: onlineStoreTheme(input.name, 42, { processing: call < 3 }) }),
    });
    const { waits, sleep } = recordingSleep();
    const theme = await createUnpublishedTheme(session, input, { sleep, pollEveryMs: 500 });
    expect(theme.id).toBe(42);
    expect(calls.map((call) => call.operationName)).toEqual([
      "ThemeCreate",
      "ThemeStatus",
      "ThemeStatus",
      "ThemeStatus",
    ]);
    expect(calls[1].variables).toEqual({ id: "gid://shopify/OnlineStoreTheme/42" });
    expect(waits).toEqual([500, 500, 500]);
  });

  it("reports a processing failure to the merchant with 422", async () => {
    mockPlatform(session.shop, {
      ThemeCreate: () => themeCreated(input.name, 42, true),
      ThemeStatus: () => ({ theme: onlineStoreTheme(input.name, 42, { processingFailed: true }) }),
    });
    const { sleep } = recordingSleep();
    const error = await failureOf(createUnpublishedTheme(session, input, { sleep }));
    expect(error.status).toBe(422);
    expect(error.code).toBe("theme_processing_failed");
    expect(error.message).toContain("could not process the theme archive");
  });

  it("stops following after the time it may take and answers the theme", async () => {
    const calls = mockPlatform(session.shop, {
      ThemeCreate: () => themeCreated(input.name, 42, true),
      ThemeStatus: () => ({ theme: onlineStoreTheme(input.name, 42, { processing: true }) }),
    });
    const theme = await createUnpublishedTheme(session, input, { followForMs: 120, pollEveryMs: 50 });
    expect(theme.id).toBe(42);
    expect(calls.filter((call) => call.operationName === "ThemeStatus").length).toBeGreaterThanOrEqual(1);
  });

  it("passes on the platform's userErrors as 422", async () => {
    mockPlatform(session.shop, {
      ThemeCreate: () => ({
        themeCreate: { theme: null, userErrors: [{ field: ["source"], message: "is not a valid URL" }] },
      }),
    });
    const error = await failureOf(createUnpublishedTheme(session, input));
    expect(error.status).toBe(422);
    expect(error.message).toBe("The platform refused the theme: source is not a valid URL");
  });

  it("answers 502 when the theme disappears while processing", async () => {
    mockPlatform(session.shop, {
      ThemeCreate: () => themeCreated(input.name, 42, true),
      ThemeStatus: () => ({ theme: null }),
    });
    const { sleep } = recordingSleep();
    const error = await failureOf(createUnpublishedTheme(session, input, { sleep }));
    expect(error.status).toBe(502);
  });
});
