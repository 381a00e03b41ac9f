import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { action as callback } from "~/routes/api.automation.callback";
import { loader as healthLoader } from "~/routes/healthz.deliveries";
import { clearAlertSummaryCache, deliveryAlert } from "~/services/deliveries/alerts.server";
import { graphqlUrl, platformGraphql } from "~/services/platform/graphql.server";
import { IP_ALLOWLIST_ALERT_MS, ipAllowlistAlert } from "~/services/platform/ip-allowlist.server";
import { loadOfflineSession } from "~/services/platform/offline-admin.server";
import { IP_ALLOWLIST_REFUSAL } from "../../../sandbox/platform/ip-allowlist";
import { createAutomatedShop } from "../../helpers/factories";
import { captureLogs } from "../../helpers/logs";
import { TEST_ENV } from "../../helpers/test-env";
import { server } from "../../mocks/server";

/**
 * The platform refusing the app's Admin API calls by its IP allowlist (docs/decisions/189): told apart from a
 * refused token (401) and a missing permission (any other 403), and raised as the app operator's alert.
 */

const QUERY = `#graphql
  query ShopName { shop { name } }`;

/** The platform's refusal, with the simulator's body (sandbox/platform/ip-allowlist.ts). */
const outsideAllowlist = (shop: string) =>
  server.use(http.post(graphqlUrl(shop), () => HttpResponse.json({ errors: IP_ALLOWLIST_REFUSAL }, { status: 403 })));

beforeEach(() => clearAlertSummaryCache());

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
  throw new Error("the call was not refused");
}

describe("the platform's IP allowlist refusing the app", () => {
  it("is its own error, keeps the token, logs a line naming the allowlist and raises the operator's alert", async () => {
    const shop = await createAutomatedShop();
    const token = (await loadOfflineSession(shop))?.accessToken;
    outsideAllowlist(shop);
    const logs = captureLogs();
    let error;
    try {
      error = await refusal(platformGraphql({ shop }, QUERY));
    } finally {
      logs.stop();
    }
    expect(error).toMatchObject({ status: 502, code: "IP_NOT_ALLOWED" });
    expect(error.message).toContain("IP allowlist");
    expect(error.message).not.toContain("open the app");
    expect((await loadOfflineSession(shop))?.accessToken).toBe(token);
    const line = JSON.parse(logs.lines.find((text) => text.includes("IP_NOT_ALLOWED")) ?? "{}");
    expect(line).toMatchObject({ level: 50, shop, operation: "ShopName", codes: ["IP_NOT_ALLOWED"] });
    expect(line.msg).toContain("IP allowlist");

    expect(await deliveryAlert(shop)).toMatchObject({ kind: "ip_not_allowed" });
    const health = await (await healthLoader()).json();
    expect(health).toMatchObject({ ip_not_allowed: 1, alerting: 1, ipAllowlistRefusal: { since: expect.any(String) } });
  });

  it("leaves any other 403 a missing permission, with no alert", async () => {
    const shop = await createAutomatedShop();
    server.use(
      http.post(graphqlUrl(shop), () =>
        HttpResponse.json({ errors: "[API] This action requires merchant approval for write_orders scope." }, {
          status: 403,
        }),
      ),
    );
    expect(await refusal(platformGraphql({ shop }, QUERY))).toMatchObject({ status: 502, code: "FORBIDDEN" });
    expect(await ipAllowlistAlert()).toBeNull();
    expect(await deliveryAlert(shop)).toBeNull();
  });

  it("ends the alert at the next accepted call, and on its own once refusals stop", async () => {
    const shop = await createAutomatedShop();
    outsideAllowlist(shop);
    await refusal(platformGraphql({ shop }, QUERY));
    const refusedAt = new Date();
    expect(await ipAllowlistAlert(refusedAt)).not.toBeNull();
    expect(await ipAllowlistAlert(new Date(refusedAt.getTime() + IP_ALLOWLIST_ALERT_MS + 1000))).toBeNull();

    server.use(http.post(graphqlUrl(shop), () => HttpResponse.json({ data: { shop: { name: "Tienda" } } })));
    await platformGraphql({ shop }, QUERY);
    expect(await ipAllowlistAlert()).toBeNull();
    expect(await deliveryAlert(shop)).toBeNull();
  });

  it("answers the automation callback with the allowlist's code, not a reconnect prompt", async () => {
    const shop = await createAutomatedShop();
    outsideAllowlist(shop);
    const response = await callback({
      request: new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ apiKey: `key-${shop}`, orderName: "#1001", status: "success" }),
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body).toMatchObject({ success: false, code: "IP_NOT_ALLOWED" });
    expect(body.error).toContain("IP allowlist");
  });

  it("tells the merchant the app's operator must fix the allowlist, in both languages, without asking to reconnect", () => {
    for (const [messages, allowlist, operator, reconnect] of [
      [es, "lista de IP permitidas", "el operador de la app", /reconectar la app no sirve/],
      [en, "IP allowlist", "the app's operator", /reconnecting the app does not help/],
    ] as const) {
      for (const key of ["alerts.ipNotAllowedBody", "error.IP_NOT_ALLOWED"] as const) {
        expect(messages[key]).toContain(allowlist);
        expect(messages[key].toLowerCase()).toContain(operator.toLowerCase());
        expect(messages[key]).toMatch(reconnect);
      }
    }
  });
});
