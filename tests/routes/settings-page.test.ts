import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/app.settings/route";
import { clearFlowCache } from "~/services/automation/client.server";
import { getShopSettings } from "~/services/shops/configuration.server";
import { createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { flowsHandler } from "../mocks/automation";
import { mockBotFields } from "../mocks/automation-bot-fields";
import { server } from "../mocks/server";
import { mockSupplierProducts } from "../mocks/supplier";

const FLOWS = [
  { id: "f_101", name: "Confirmar pedido", status: "active" },
  { id: "f_202", name: "Carrito abandonado", status: "active" },
];

beforeEach(() => clearFlowCache());

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const load = async (shop: string) =>
  loader({ request: await adminRequest("/app/settings", shop), params: {}, context: {} });

const act = async (shop: string, fields: Record<string, string>) => {
  const result = await action({
    request: await adminRequest("/app/settings", shop, formBody(fields)),
    params: {},
    context: {},
  });
  // The JSON routes' answer (`apiHandler`, docs/decisions/137): what Remix hands the page's fetcher.
  return { status: result.status, body: await result.json() };
};

describe("settings page: loader and action (docs/decisions/135, 136)", () => {
  it("loads the saved settings masked and the stored key's flows; never a secret", async () => {
    const shop = await adminShop();
    await createConfiguration(shop, {
      automationApiKey: "auto-key-9d2f41c7",
      newOrderFlowId: "f_101",
      supplierStoreName: "Importadora Andina",
      supplierCountry: "PE",
      supplierToken: "sup-token-5b7e3a90",
    });
    server.use(flowsHandler(FLOWS, { apiKey: "auto-key-9d2f41c7" }));
    const data = await load(shop);
    expect(data.configuration).toMatchObject({
      automationApiKey: "••••41c7",
      newOrderFlowId: "f_101",
      supplierCountry: "PE",
      supplierToken: "••••3a90",
    });
    expect(data.flows).toMatchObject({ flows: [{ id: "f_101" }, { id: "f_202" }], failure: null });
    const text = JSON.stringify(data);
    expect(text).not.toContain("auto-key-9d2f41c7");
    expect(text).not.toContain("sup-token-5b7e3a90");
  });

  it("loads a new shop with nothing saved, and a refused stored key as the flow list's failure by its code", async () => {
    expect(await load(await adminShop())).toMatchObject({
      orderRules: { noPhoneAction: "send", phoneCountry: null, duplicateWindowMinutes: 0, duplicateAction: "send" },
      configuration: null,
      flows: { flows: null, failure: null },
      // Outcome tags are only added until the merchant chooses otherwise; the buyer's answer is tagged.
      tagPolicy: { replaceOutcomeTag: false, answerTag: true },
    });
    const shop = await adminShop();
    await createConfiguration(shop, { automationApiKey: "revoked-key" });
    server.use(flowsHandler(FLOWS, { apiKey: "another-key" }));
    expect((await load(shop)).flows).toMatchObject({ flows: null, failure: { code: "automation_key_refused" } });
  });

  it("tests a typed key without saving it, and a refused one by its code on the key", async () => {
    const shop = await adminShop();
    server.use(flowsHandler(FLOWS, { apiKey: "good-key-9d2f41c7" }));
    expect(await act(shop, { intent: "automation-test", apiKey: "good-key-9d2f41c7" })).toMatchObject({
      status: 200,
      body: { success: true, typed: true, flows: [{ id: "f_101" }, { id: "f_202" }] },
    });
    expect(await act(shop, { intent: "automation-test", apiKey: "bad-key" })).toMatchObject({
      status: 400,
      body: { success: false, code: "automation_key_refused" },
    });
    expect(await getShopSettings(shop)).toBeNull();
    // No typed key and none stored: nothing to test.
    expect(await act(shop, { intent: "automation-test" })).toMatchObject({
      status: 400,
      body: { success: false, code: "not_configured" },
    });
  });

  it("saves the key and flows through the JSON route's service, refusing one flow for both events", async () => {
    const shop = await adminShop();
    server.use(flowsHandler(FLOWS, { apiKey: "good-key-9d2f41c7" }));
    expect(
      await act(shop, {
        intent: "automation-save",
        apiKey: "good-key-9d2f41c7",
        newOrderFlowId: "f_101",
        abandonedCartFlowId: "f_101",
      }),
    ).toMatchObject({ status: 400, body: { success: false, code: "same_flow", field: "abandonedCartFlowId" } });
    expect(await getShopSettings(shop)).toBeNull();
    expect(await act(shop, { intent: "automation-save", apiKey: "bad key" })).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_input", field: "apiKey" },
    });
    const saved = await act(shop, {
      intent: "automation-save",
      apiKey: "good-key-9d2f41c7",
      newOrderFlowId: "f_101",
      abandonedCartFlowId: "f_202",
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { success: true, configuration: { automationApiKey: "••••41c7" } },
    });
    expect(JSON.stringify(saved.body)).not.toContain("good-key-9d2f41c7");
    expect(await getShopSettings(shop)).toMatchObject({
      automationApiKey: "good-key-9d2f41c7",
      newOrderFlowId: "f_101",
      abandonedCartFlowId: "f_202",
    });
  });

  it("keeps a refused supplier token out of the database and the bot field, and saves an accepted one", async () => {
    const shop = await adminShop();
    await createConfiguration(shop, { automationApiKey: "auto-key" });
    const botFields = mockBotFields();
    mockSupplierProducts(() => HttpResponse.json({ message: "Unauthorized" }, { status: 401 }));
    expect(
      await act(shop, { intent: "supplier-save", store_name: "T", country: "CO", supplier_token: "nope" }),
    ).toMatchObject({
      status: 400,
      body: { success: false, code: "bad_token", field: "supplier_token" },
    });
    expect(botFields).toHaveLength(0);
    expect((await getShopSettings(shop))?.supplierToken).toBeNull();

    mockSupplierProducts();
    const saved = await act(shop, {
      intent: "supplier-save",
      store_name: "T",
      country: "co",
      supplier_token: "sup-token-5b7e3a90",
    });
    expect(saved).toMatchObject({ status: 200, body: { success: true, configuration: { supplierToken: "••••3a90" } } });
    expect(botFields).toHaveLength(1);
    expect(await getShopSettings(shop)).toMatchObject({ supplierCountry: "CO", supplierToken: "sup-token-5b7e3a90" });
  });

  it("tests the stored supplier token on all products, and says why the marketplace did not list them", async () => {
    const shop = await adminShop();
    expect(await act(shop, { intent: "supplier-test" })).toMatchObject({
      status: 400,
      body: { success: false, code: "supplier_not_configured" },
    });
    await createConfiguration(shop, { automationApiKey: "auto-key", supplierToken: "sup-token-5b7e3a90" });
    const calls = mockSupplierProducts();
    const ok = await act(shop, { intent: "supplier-test" });
    expect(ok).toMatchObject({ status: 200, body: { success: true, upstreamError: null } });
    expect((ok.body as { total: number }).total).toBeGreaterThan(0);
    expect(calls[0].body).toMatchObject({ favorite: false });
    mockSupplierProducts(() => HttpResponse.json({ message: "Unauthorized" }, { status: 401 }));
    expect(await act(shop, { intent: "supplier-test" })).toMatchObject({
      body: { success: true, upstreamError: { code: "rejected" } },
    });
  });

  it("refuses an unknown intent and an oversized form with a code", async () => {
    const shop = await adminShop();
    expect(await act(shop, { intent: "reset" })).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_input", field: "intent" },
    });
    server.use(http.get(`${TEST_ENV.AUTOMATION_API_URL}/api/accounts/flows`, () => HttpResponse.json([])));
    expect(await act(shop, { intent: "automation-test", apiKey: "k", padding: "x".repeat(20_000) })).toMatchObject({
      status: 413,
      body: { success: false, code: "too_large" },
    });
  });
});
