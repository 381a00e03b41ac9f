import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/app.settings/route";
import { action as receive } from "~/routes/webhooks.supplier.status.$token";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const load = async (shop: string) =>
  loader({ request: await adminRequest("/app/settings", shop), params: {}, context: {} });

async function newUrl(shop: string) {
  const result = await action({
    request: await adminRequest("/app/settings", shop, formBody({ intent: "supplier-receiver-new" })),
    params: {},
    context: {},
  });
  expect(result.status).toBe(200);
  return (await result.json()).receiverUrl as string;
}

const pushTo = (url: string) => {
  const token = url.split("/").at(-1)!;
  return receive({
    request: new Request(url, { method: "POST", body: JSON.stringify({ id: 1, status: "PENDIENTE" }) }),
    params: { token },
    context: {},
  });
};

describe("the settings page's status URL", () => {
  it("has none until the merchant makes one", async () => {
    const shop = await adminShop();
    expect((await load(shop)).receiver).toEqual({ configured: false, masked: null, createdAt: null });
  });

  it("gives the whole URL once, in the answer that made it, and only its last characters after", async () => {
    const shop = await adminShop();
    const url = await newUrl(shop);
    expect(url).toMatch(new RegExp(`^${TEST_ENV.PLATFORM_APP_URL}/webhooks/supplier/status/[A-Za-z0-9_-]{43}$`));
    expect((await pushTo(url)).status).toBe(200);
    const data = await load(shop);
    expect(data.receiver).toMatchObject({
      configured: true,
      masked: `${TEST_ENV.PLATFORM_APP_URL}/webhooks/supplier/status/••••${url.slice(-4)}`,
    });
    expect(JSON.stringify(data)).not.toContain(url.split("/").at(-1));
  });

  it("replaces the URL with a new one: the old one is refused from then on", async () => {
    const shop = await adminShop();
    const first = await newUrl(shop);
    const second = await newUrl(shop);
    expect(second).not.toBe(first);
    expect((await pushTo(first)).status).toBe(404);
    expect((await pushTo(second)).status).toBe(200);
  });
});

describe("the settings page's own statuses", () => {
  const save = async (shop: string, statusMap: string) => {
    const result = await action({
      request: await adminRequest("/app/settings", shop, formBody({ intent: "supplier-status-map-save", statusMap })),
      params: {},
      context: {},
    });
    return { status: result.status, body: await result.json() };
  };

  it("saves the shop's statuses and shows them again", async () => {
    const shop = await adminShop();
    expect(await save(shop, JSON.stringify({ "EN ADUANA": "in_transit" }))).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await load(shop)).statusMap).toEqual({ "EN ADUANA": "in_transit" });
  });

  it("refuses a stage that does not exist, naming the status", async () => {
    const shop = await adminShop();
    const answer = await save(shop, JSON.stringify({ "EN ADUANA": "teleported" }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: "EN ADUANA" });
    expect((await load(shop)).statusMap).toEqual({});
  });

  it("refuses a map that is not JSON", async () => {
    const shop = await adminShop();
    expect(await save(shop, "{nope")).toMatchObject({ status: 400, body: { code: "invalid_json" } });
  });
});
