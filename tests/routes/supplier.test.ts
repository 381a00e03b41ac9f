import { HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { SUPPLIER_COUNTRIES } from "~/lib/countries";
import { action as saveSupplier } from "~/routes/api.integrations.supplier.save";
import { loader as supplierProducts } from "~/routes/api.supplier.products";
import { getShopSettings, type SettingsPatch } from "~/services/shops/configuration.server";
import { createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { captureLogs } from "../helpers/logs";
import { adminRequest, formBody } from "../helpers/requests";
import { mockBotFields } from "../mocks/automation-bot-fields";
import { mockSupplierProducts } from "../mocks/supplier";

const call = (handler: typeof saveSupplier, request: Request) => handler({ request, params: {}, context: {} });

async function installedShop(settings: SettingsPatch | null = { automationApiKey: "auto-key-7788" }) {
  const shop = shopDomain();
  await createSession(shop);
  if (settings) await createConfiguration(shop, settings);
  return shop;
}

async function save(shop: string, fields: Record<string, string>) {
  return call(saveSupplier, await adminRequest("/api/integrations/supplier/save", shop, formBody(fields)));
}

describe("POST /api/integrations/supplier/save", () => {
  // A new token is checked on the marketplace first; the marketplace accepts it unless a test says otherwise.
  beforeEach(() => {
    mockSupplierProducts();
  });

  it("saves nothing when the marketplace refuses the new token, and never reaches the bot field", async () => {
    const shop = await installedShop({ automationApiKey: "auto-key-7788", supplierToken: "old-token" });
    const marketplace = mockSupplierProducts(() => HttpResponse.json({ message: "Unauthorized" }, { status: 401 }));
    const botFields = mockBotFields();
    const response = await save(shop, { store_name: "T", country: "CO", supplier_token: "refused-token" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "bad_token", field: "supplier_token" });
    expect(marketplace[0].headers.get("supplier-integration-key")).toBe("refused-token");
    expect(botFields).toHaveLength(0);
    expect((await getShopSettings(shop))?.supplierToken).toBe("old-token");
  });

  it("saves nothing when the marketplace cannot check the new token", async () => {
    const shop = await installedShop();
    mockSupplierProducts(() => new HttpResponse(null, { status: 503 }));
    const botFields = mockBotFields();
    const response = await save(shop, { store_name: "T", country: "CO", supplier_token: "tok" });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: "supplier_unavailable" });
    expect(botFields).toHaveLength(0);
    expect((await getShopSettings(shop))?.supplierToken).toBeNull();
  });

  it("stores the token in the country's bot field with the exact request, then saves it sealed and answers masked", async () => {
    const shop = await installedShop();
    const calls = mockBotFields();
    const response = await save(shop, {
      store_name: "Mi tienda",
      country: "PE",
      supplier_token: "supplier-secret-9876",
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      configuration: { shop, supplierStoreName: "Mi tienda", supplierCountry: "PE", supplierToken: "••••9876" },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].fieldId).toBe("142979");
    expect(calls[0].headers.get("X-ACCESS-TOKEN")).toBe("auto-key-7788");
    expect(calls[0].headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(calls[0].body).toBe("value=supplier-secret-9876");

    const settings = await getShopSettings(shop);
    expect(settings?.supplierToken).toBe("supplier-secret-9876");
    const row = await prisma.shopConfiguration.findUniqueOrThrow({ where: { shop } });
    expect(row.supplierToken).not.toContain("supplier-secret-9876");
  });

  it("uses each of the eight countries' field ids", async () => {
    const shop = await installedShop();
    const calls = mockBotFields();
    for (const country of SUPPLIER_COUNTRIES) {
      const response = await save(shop, {
        store_name: "T",
        country: country.code.toLowerCase(),
        supplier_token: "tok",
      });
      expect(response.status).toBe(200);
    }
    expect(calls.map((c) => c.fieldId)).toEqual([
      "640597",
      "805359",
      "665134",
      "747995",
      "641097",
      "742965",
      "142979",
      "240677",
    ]);
  });

  it("refuses with 400 when the automation API key is not configured, calling nothing", async () => {
    const shop = await installedShop(null);
    const calls = mockBotFields();
    const response = await save(shop, { store_name: "T", country: "CO", supplier_token: "tok" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/Configure the automation API key first/);
    expect(calls).toHaveLength(0);
    expect(await getShopSettings(shop)).toBeNull();
  });

  it("refuses a country outside the eight", async () => {
    const shop = await installedShop();
    mockBotFields();
    const response = await save(shop, { store_name: "T", country: "AR", supplier_token: "tok" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "country: must be one of CO, EC, CL, GT, MX, PA, PE, PY",
      code: "invalid_input",
      field: "country",
    });
  });

  it("refuses a missing store name", async () => {
    const shop = await installedShop();
    const response = await save(shop, { store_name: "  ", country: "CO", supplier_token: "tok" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("store_name: is required");
  });

  it("requires the token for a new configuration", async () => {
    const shop = await installedShop();
    const calls = mockBotFields();
    const response = await save(shop, { store_name: "T", country: "CO" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("supplier_token: required for a new supplier configuration");
    expect(calls).toHaveLength(0);
  });

  it("keeps the stored token on update and sends it to the new country's field", async () => {
    const shop = await installedShop({ automationApiKey: "auto-key-7788", supplierToken: "stored-token-1111" });
    const calls = mockBotFields();
    const response = await save(shop, { store_name: "Nueva", country: "MX" });
    expect(response.status).toBe(200);
    expect((await response.json()).configuration).toEqual({
      shop,
      supplierStoreName: "Nueva",
      supplierCountry: "MX",
      supplierToken: "••••1111",
    });
    expect(calls[0]).toMatchObject({ fieldId: "641097", body: "value=stored-token-1111" });
    expect((await getShopSettings(shop))?.supplierToken).toBe("stored-token-1111");
  });

  it("saves nothing and says so when the automation platform refuses the token", async () => {
    const shop = await installedShop({ automationApiKey: "auto-key-7788", supplierToken: "old-token" });
    mockBotFields(() => HttpResponse.json({ message: "invalid" }, { status: 422 }));
    const response = await save(shop, { store_name: "T", country: "CO", supplier_token: "new-token" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("The automation platform refused the supplier token (HTTP 422); nothing was saved");
    expect(JSON.stringify(body)).not.toContain("new-token");
    const settings = await getShopSettings(shop);
    expect(settings?.supplierToken).toBe("old-token");
    expect(settings?.supplierStoreName).toBeNull();
  });

  it("says the automation API key was refused when the bot field answers 401", async () => {
    const shop = await installedShop();
    mockBotFields(() => HttpResponse.json({ message: "Unauthenticated" }, { status: 401 }));
    const response = await save(shop, { store_name: "T", country: "CO", supplier_token: "tok" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/refused the stored API key; nothing was saved/);
    expect((await getShopSettings(shop))?.supplierToken).toBeNull();
  });

  it("saves nothing when the automation platform keeps failing", async () => {
    const shop = await installedShop();
    const calls = mockBotFields(() => new HttpResponse(null, { status: 503 }));
    const response = await save(shop, { store_name: "T", country: "CO", supplier_token: "tok" });
    expect(response.status).toBe(502);
    expect((await response.json()).error).toMatch(/supplier token was not saved/);
    expect(calls).toHaveLength(2);
    expect((await getShopSettings(shop))?.supplierToken).toBeNull();
  });
});

describe("GET /api/supplier/products", () => {
  const list = async (shop: string, query = "") =>
    supplierProducts({ request: await adminRequest(`/api/supplier/products${query}`, shop), params: {}, context: {} });

  it("lists a page of mapped products with the paging it used", async () => {
    const shop = await installedShop({ automationApiKey: "k", supplierToken: "sup-token" });
    const calls = mockSupplierProducts();
    const response = await list(shop, "?pageSize=2&startData=4");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, total: 2, pageSize: 2, startData: 4, upstreamError: null });
    expect(body.products.map((p: { id: string }) => p.id)).toEqual(["2061983", "2061984"]);
    expect(calls[0].headers.get("supplier-integration-key")).toBe("sup-token");
    expect(calls[0].body).toMatchObject({ pageSize: 2, startData: 4, favorite: true });
  });

  it("defaults to 50 from 0, browsing favourites", async () => {
    const shop = await installedShop({ automationApiKey: "k", supplierToken: "sup-token" });
    const calls = mockSupplierProducts();
    const body = await (await list(shop)).json();
    expect(body).toMatchObject({ pageSize: 50, startData: 0 });
    expect(calls[0].body).toMatchObject({ pageSize: 50, startData: 0, favorite: true });
  });

  it("switches to search mode when keywords are given", async () => {
    const shop = await installedShop({ automationApiKey: "k", supplierToken: "sup-token" });
    const calls = mockSupplierProducts();
    await list(shop, "?keywords=camiseta&privated_product=true&favorite=true");
    expect(calls[0].body).toMatchObject({ keywords: "camiseta", hasSearch: true });
    expect(calls[0].body).not.toHaveProperty("favorite");
    expect(calls[0].body).not.toHaveProperty("privated_product");
  });

  it("browses private products when privated_product is set", async () => {
    const shop = await installedShop({ automationApiKey: "k", supplierToken: "sup-token" });
    const calls = mockSupplierProducts();
    await list(shop, "?privated_product=1");
    expect(calls[0].body).toMatchObject({ privated_product: true });
    expect(calls[0].body).not.toHaveProperty("favorite");
  });

  it("refuses a pageSize above 100 without calling the marketplace", async () => {
    const shop = await installedShop({ automationApiKey: "k", supplierToken: "sup-token" });
    const calls = mockSupplierProducts();
    const response = await list(shop, "?pageSize=101");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: "pageSize: must be at most 100" });
    expect(calls).toHaveLength(0);
  });

  it("refuses a negative startData", async () => {
    const shop = await installedShop({ automationApiKey: "k", supplierToken: "sup-token" });
    const response = await list(shop, "?startData=-1");
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("startData: must be at least 0");
  });

  it("refuses a startData beyond a 32-bit integer without calling the marketplace", async () => {
    const shop = await installedShop({ automationApiKey: "k", supplierToken: "sup-token" });
    const calls = mockSupplierProducts();
    const response = await list(shop, "?startData=99999999999999999999");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: "startData: must be at most 2147483647" });
    expect(calls).toHaveLength(0);
  });

  it("answers 400 when no supplier token is configured", async () => {
    const shop = await installedShop();
    const response = await list(shop);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/supplier integration is not configured/);
  });

  it("answers an empty list with the failure flag when the marketplace fails", async () => {
    const shop = await installedShop({ automationApiKey: "k", supplierToken: "sup-token" });
    mockSupplierProducts(() => HttpResponse.json({ message: "Too Many Attempts." }, { status: 429 }));
    const response = await list(shop);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      products: [],
      total: 0,
      pageSize: 50,
      startData: 0,
      upstreamError: {
        code: "rate_limited",
        message: "The supplier marketplace is limiting requests for this account; wait a minute and try again",
      },
    });
  });
});

describe("supplier secrets", () => {
  it("never writes the supplier token or the automation key to a log line or a response", async () => {
    const TOKEN = "supplier-secret-token-5150";
    const KEY = "automation-secret-key-2600";
    const shop = await installedShop({ automationApiKey: KEY });
    const list = async () =>
      supplierProducts({ request: await adminRequest("/api/supplier/products", shop), params: {}, context: {} });
    const logs = captureLogs();
    const bodies: string[] = [];
    try {
      mockSupplierProducts();
      mockBotFields(() => HttpResponse.json({ message: "invalid" }, { status: 422 }));
      bodies.push(await (await save(shop, { store_name: "T", country: "CO", supplier_token: TOKEN })).text());
      mockBotFields();
      bodies.push(await (await save(shop, { store_name: "T", country: "CO", supplier_token: TOKEN })).text());
      mockSupplierProducts();
      bodies.push(await (await list()).text());
      mockSupplierProducts(() => HttpResponse.json({ message: "Unauthenticated." }, { status: 401 }));
      bodies.push(await (await list()).text());
    } finally {
      logs.stop();
    }
    expect(bodies.map((body) => JSON.parse(body).success)).toEqual([false, true, true, true]);
    expect(logs.text()).toContain("supplier integration saved");
    expect(logs.text()).toContain("supplier marketplace refused the token");
    for (const text of [logs.text(), ...bodies]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(KEY);
    }
  });
});
