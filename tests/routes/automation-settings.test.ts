import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as flowsLoader } from "~/routes/api.automation.flows";
import { action as save } from "~/routes/api.integrations.automation.save";
import { loader as settingsLoader } from "~/routes/api.settings";
import { clearFlowCache, FLOW_CACHE_TTL_MS, listFlows } from "~/services/automation/client.server";
import { getShopSettings } from "~/services/shops/configuration.server";
import { createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import flowShapes from "../fixtures/reference/automation-flows.json";
import { flowsHandler } from "../mocks/automation";
import { server } from "../mocks/server";

beforeEach(() => clearFlowCache());

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const saveForm = async (shop: string, fields: Record<string, string>) =>
  save({
    request: await adminRequest("/api/integrations/automation/save", shop, formBody(fields)),
    params: {},
    context: {},
  });

describe("listing flows", () => {
  it("reads a bare array", async () => {
    server.use(flowsHandler(flowShapes.bare_array));
    expect(await listFlows("k1")).toEqual([
      { id: "f_101", name: "Confirmar pedido", description: "WhatsApp COD", status: "active" },
    ]);
  });

  it("reads { data } with flow_id and flow_name", async () => {
    server.use(flowsHandler(flowShapes.data_wrapper));
    expect(await listFlows("k2")).toEqual([
      { id: "202", name: "Carrito abandonado", description: null, status: "draft" },
    ]);
  });

  it("reads { flows } with numeric ids", async () => {
    server.use(flowsHandler(flowShapes.flows_wrapper));
    expect(await listFlows("k3")).toEqual([{ id: "303", name: "Seguimiento", description: null, status: null }]);
  });

  it("sends the spec's headers", async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(`${TEST_ENV.AUTOMATION_API_URL}/api/accounts/flows`, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json([]);
      }),
    );
    await listFlows("secret-key");
    expect(headers?.get("X-ACCESS-TOKEN")).toBe("secret-key");
    expect(headers?.get("accept")).toBe("application/json");
  });

  it("caches the list 60 seconds per key", async () => {
    const calls: string[] = [];
    server.use(flowsHandler(flowShapes.bare_array, { calls }));
    let now = 1_000_000;
    const clock = { now: () => now };
    await listFlows("a", clock);
    await listFlows("a", clock);
    await listFlows("b", clock);
    now += FLOW_CACHE_TTL_MS - 1;
    await listFlows("a", clock);
    expect(calls).toEqual(["a", "b"]);
    now += 1;
    await listFlows("a", clock);
    expect(calls).toEqual(["a", "b", "a"]);
  });

  it("GET /api/automation/flows lists the flows of the shop's stored key", async () => {
    const shop = await adminShop();
    await createConfiguration(shop, { automationApiKey: "stored-key" });
    server.use(flowsHandler(flowShapes.flows_wrapper, { apiKey: "stored-key" }));
    const response = await flowsLoader({
      request: await adminRequest("/api/automation/flows", shop),
      params: {},
      context: {},
    });
    expect(await response.json()).toEqual({
      success: true,
      flows: [{ id: "303", name: "Seguimiento", description: null, status: null }],
    });
  });

  it("GET /api/automation/flows asks for the key first when none is stored", async () => {
    const shop = await adminShop();
    const response = await flowsLoader({
      request: await adminRequest("/api/automation/flows", shop),
      params: {},
      context: {},
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: "Save the automation API key first" });
  });
});

describe("POST /api/integrations/automation/save", () => {
  it("checks the key by listing flows, stores it sealed and answers it masked", async () => {
    const shop = await adminShop();
    server.use(flowsHandler(flowShapes.bare_array, { apiKey: "sk_live_abcd1234" }));
    const response = await saveForm(shop, {
      apiKey: "sk_live_abcd1234",
      newOrderFlowId: "f_101",
      abandonedCartFlowId: "",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      configuration: { shop, automationApiKey: "••••1234", newOrderFlowId: "f_101", abandonedCartFlowId: null },
    });
    expect(JSON.stringify(body)).not.toContain("sk_live_abcd1234");
    const row = await prisma.shopConfiguration.findUniqueOrThrow({ where: { shop } });
    expect(row.automationApiKey).not.toContain("sk_live_abcd1234");
    expect((await getShopSettings(shop))?.automationApiKey).toBe("sk_live_abcd1234");
  });

  it("saves nothing when the automation platform refuses the key", async () => {
    const shop = await adminShop();
    server.use(flowsHandler(flowShapes.bare_array, { apiKey: "the-right-key" }));
    const response = await saveForm(shop, { apiKey: "wrong-key", newOrderFlowId: "f_101" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      error: "The automation platform refused this API key",
    });
    expect(await prisma.shopConfiguration.count({ where: { shop } })).toBe(0);
  });

  it("keeps the stored key when none is sent and changes the flows", async () => {
    const shop = await adminShop();
    await createConfiguration(shop, { automationApiKey: "kept-key-9876", newOrderFlowId: "f_101" });
    server.use(flowsHandler(flowShapes.data_wrapper, { apiKey: "kept-key-9876" }));
    const response = await saveForm(shop, { newOrderFlowId: "202" });
    expect((await response.json()).configuration).toMatchObject({
      automationApiKey: "••••9876",
      newOrderFlowId: "202",
    });
  });

  it("refuses a flow id the account does not have, naming the field", async () => {
    const shop = await adminShop();
    server.use(flowsHandler(flowShapes.bare_array));
    const response = await saveForm(shop, { apiKey: "k", newOrderFlowId: "f_999" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "newOrderFlowId: no flow with id f_999 in this account",
      code: "invalid_input",
      field: "newOrderFlowId",
    });
  });

  it("reads a JSON body like every admin endpoint", async () => {
    const shop = await adminShop();
    server.use(flowsHandler(flowShapes.bare_array, { apiKey: "json-key-5555" }));
    const response = await save({
      request: await adminRequest("/api/integrations/automation/save", shop, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ apiKey: "json-key-5555", newOrderFlowId: "f_101" }),
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    expect((await response.json()).configuration).toMatchObject({
      automationApiKey: "••••5555",
      newOrderFlowId: "f_101",
    });
  });

  it("accepts a flow created in the last minute, though the cached list does not have it yet", async () => {
    const shop = await adminShop();
    server.use(flowsHandler(flowShapes.bare_array));
    await listFlows("k-new-flow");
    server.use(flowsHandler([...flowShapes.bare_array, { id: "f_new", name: "Nuevo", status: "active" }]));
    const response = await saveForm(shop, { apiKey: "k-new-flow", newOrderFlowId: "f_new" });
    expect(response.status).toBe(200);
    expect((await response.json()).configuration.newOrderFlowId).toBe("f_new");
  });

  it("asks for the key when none is stored or sent", async () => {
    const shop = await adminShop();
    const response = await saveForm(shop, { newOrderFlowId: "f_101" });
    expect(await response.json()).toMatchObject({ success: false, error: "apiKey: is required" });
  });

  it("refuses a key another shop already uses", async () => {
    const other = await adminShop();
    await createConfiguration(other, { automationApiKey: "shared-key" });
    const shop = await adminShop();
    const response = await saveForm(shop, { apiKey: "shared-key" });
    expect(response.status).toBe(409);
    expect((await getShopSettings(shop))?.automationApiKey ?? null).toBeNull();
  });
});

describe("GET /api/settings", () => {
  it("answers null before anything is saved", async () => {
    const shop = await adminShop();
    const response = await settingsLoader({
      request: await adminRequest("/api/settings", shop),
      params: {},
      context: {},
    });
    expect(await response.json()).toEqual({ success: true, configuration: null });
  });

  it("answers the configuration with every secret masked", async () => {
    const shop = await adminShop();
    await createConfiguration(shop, {
      automationApiKey: "automation-secret-1111",
      newOrderFlowId: "f_101",
      supplierToken: "supplier-secret-2222",
    });
    const response = await settingsLoader({
      request: await adminRequest("/api/settings", shop),
      params: {},
      context: {},
    });
    const body = await response.json();
    expect(body.configuration).toMatchObject({
      shop,
      automationApiKey: "••••1111",
      supplierToken: "••••2222",
      newOrderFlowId: "f_101",
    });
    expect(JSON.stringify(body)).not.toMatch(/secret/);
  });
});
