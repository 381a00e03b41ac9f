import { describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/auth.login/route";
import { loader as authLoader } from "~/routes/auth.$";
import { TEST_ENV } from "../helpers/test-env";

async function settle(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (thrown) {
    return thrown;
  }
}

const url = (path: string) => `${TEST_ENV.PLATFORM_APP_URL}${path}`;

describe("/auth/login", () => {
  it("shows the form without errors when no shop is given", async () => {
    const result = (await loginLoader({ request: new Request(url("/auth/login")), params: {}, context: {} })) as {
      errors: Record<string, string>;
    };
    expect(result.errors).toEqual({});
  });

  it("explains an invalid shop domain", async () => {
    const result = (await loginAction({
      request: new Request(url("/auth/login"), { method: "POST", body: new URLSearchParams({ shop: "not a shop!" }) }),
      params: {},
      context: {},
    })) as { errors: Record<string, string> };
    expect(result.errors.shop).toMatch(/valid shop domain/);
  });

  it("sends a valid shop to install the app in its admin", async () => {
    const thrown = await settle(
      loginAction({
        request: new Request(url("/auth/login"), { method: "POST", body: new URLSearchParams({ shop: "tienda" }) }),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("tienda");
  });

  it("refuses a form over 1 KB with 413, declared or streamed, before the library reads it", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
        },
      },
      { highWaterMark: 0 },
    );
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const requests: RequestInit[] = [
      { headers: { ...form, "Content-Length": String(100 * 1024 * 1024) }, body: "shop=tienda" },
      { headers: form, body: endless, duplex: "half" } as RequestInit,
    ];
    for (const init of requests) {
      const thrown = await settle(
        loginAction({ request: new Request(url("/auth/login"), { method: "POST", ...init }), params: {}, context: {} }),
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(413);
      expect(await (thrown as Response).json()).toMatchObject({
        success: false,
        error: "The body is larger than 1 KB",
      });
    }
    expect(pulled).toBeLessThanOrEqual(2 * 64 * 1024);
  });
});

describe("/auth", () => {
  it("redirects a request without a session to log in", async () => {
    const thrown = await settle(authLoader({ request: new Request(url("/auth")), params: {}, context: {} }));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/auth/login");
  });
});
