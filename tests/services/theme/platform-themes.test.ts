import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createUnpublishedTheme, themesUrl } from "~/services/theme/platform-themes.server";
import { themeCreated } from "../../mocks/platform";
import { server } from "../../mocks/server";

const session = { shop: "rest-shop.myshopify.com", accessToken: "shpat_rest_secret" };
const input = { name: "Automation Theme 2.5", src: "https://themes.example/theme.zip" };

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

function answers(...responses: (() => Response)[]) {
  let call = 0;
  server.use(http.post(themesUrl(session.shop), () => responses[Math.min(call++, responses.length - 1)]()));
  return () => call;
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status: number };
  }
  throw new Error("expected the install to fail");
}

describe("createUnpublishedTheme", () => {
  it("waits as long as Retry-After says when rate limited, then returns the theme", async () => {
    const calls = answers(
      () => new HttpResponse(null, { status: 429, headers: { "Retry-After": "2.0" } }),
      () => themeCreated(input.name, 42),
    );
    const { waits, sleep } = recordingSleep();
    const theme = await createUnpublishedTheme(session, input, { sleep });
    expect(theme).toEqual({ id: 42, name: input.name, role: "unpublished", created_at: "2026-11-22T01:50:00-05:00" });
    expect(waits).toEqual([2000]);
    expect(calls()).toBe(2);
  });

  it("gives up with a 429 after three rate-limited attempts", async () => {
    const calls = answers(() => new HttpResponse(null, { status: 429 }));
    const { sleep } = recordingSleep();
    const error = await failureOf(createUnpublishedTheme(session, input, { sleep }));
    expect(error.status).toBe(429);
    expect(error.message).toBe("The platform is rate limiting this shop; try again shortly");
    expect(calls()).toBe(3);
  });

  it("asks for a reinstall when the access token is refused, without showing the token", async () => {
    answers(() => HttpResponse.json({ errors: "[API] Invalid API key or access token" }, { status: 401 }));
    const error = await failureOf(createUnpublishedTheme(session, input));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The platform refused the shop's access token; the app may need to be reinstalled");
    expect(error.message).not.toContain(session.accessToken);
  });

  it("answers 502 when the platform fails", async () => {
    answers(() => HttpResponse.json({ errors: "Internal Server Error" }, { status: 503 }));
    const error = await failureOf(createUnpublishedTheme(session, input));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The platform failed to install the theme (HTTP 503); try again shortly");
  });

  it("joins the platform's list of errors into the message", async () => {
    answers(() => HttpResponse.json({ errors: ["Name is too long", "Src is invalid"] }, { status: 422 }));
    const error = await failureOf(createUnpublishedTheme(session, input));
    expect(error.status).toBe(422);
    expect(error.message).toBe("The platform refused the theme: Name is too long; Src is invalid");
  });

  it("answers 502 for a success body without a theme", async () => {
    answers(() => HttpResponse.json({ ok: true }, { status: 201 }));
    const error = await failureOf(createUnpublishedTheme(session, input));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The platform answered the theme installation in an unexpected shape");
  });

  it("answers 502 when the platform cannot be reached", async () => {
    answers(() => HttpResponse.error());
    const error = await failureOf(createUnpublishedTheme(session, input));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The platform did not answer the theme installation; try again shortly");
  });
});
