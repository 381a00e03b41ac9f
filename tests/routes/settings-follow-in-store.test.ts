import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/app.settings/route";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";

const FULFILMENT_SCOPES = ["write_merchant_managed_fulfillment_orders", "write_third_party_fulfillment_orders"];

const load = async (shop: string) =>
  loader({ request: await adminRequest("/app/settings", shop), params: {}, context: {} });

const save = async (shop: string, followInStore: string) =>
  action({
    request: await adminRequest("/app/settings", shop, formBody({ intent: "journey-follow-save", followInStore })),
    params: {},
    context: {},
  });

describe("the settings page's 'follow the parcel in the store' switch", () => {
  it("is off for a shop that never turned it on, and names the fulfilment scopes the shop has not granted", async () => {
    const shop = shopDomain();
    await createSession(shop);
    expect((await load(shop)).follow).toEqual({ enabled: false, missingScopes: FULFILMENT_SCOPES });
  });

  it("is saved on whatever the answer to the scopes, and says what is still missing", async () => {
    const shop = shopDomain();
    await createSession(shop, { scope: "read_orders,write_orders,write_merchant_managed_fulfillment_orders" });
    const saved = await save(shop, "true");
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      success: true,
      follow: { enabled: true, missingScopes: ["write_third_party_fulfillment_orders"] },
    });
    expect((await load(shop)).follow.enabled).toBe(true);
    expect((await (await save(shop, "false")).json()).follow.enabled).toBe(false);
  });

  it("refuses a value that is not a yes or a no, naming the field", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const refused = await save(shop, "maybe");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, field: "followInStore" });
  });
});
