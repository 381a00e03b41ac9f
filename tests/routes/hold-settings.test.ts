import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/api.hold-settings";
import { DEFAULT_HOLD_POLICY } from "~/services/holds/settings.server";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const valid = {
  enabled: "true",
  codOnly: "true",
  codGateways: JSON.stringify([" Pago contra entrega ", "COD"]),
  onRefused: "cancel",
  noAnswerHours: "24",
  onNoAnswer: "release",
  notifyCustomer: "false",
};

const save = async (shop: string, fields: Record<string, string>) => {
  const response = await action({
    request: await adminRequest("/api/hold-settings", shop, formBody(fields)),
    params: {},
    context: {},
  });
  return { status: response.status, body: await response.json() };
};

const load = async (shop: string) =>
  (await loader({ request: await adminRequest("/api/hold-settings", shop), params: {}, context: {} })).json();

describe("hold settings", () => {
  it("are off by default, and say which of the scopes holds need the shop has not granted", async () => {
    expect(await load(await adminShop())).toEqual({
      success: true,
      policy: DEFAULT_HOLD_POLICY,
      missingScopes: ["write_merchant_managed_fulfillment_orders", "write_third_party_fulfillment_orders"],
    });
    const granted = shopDomain();
    await createSession(granted, {
      scope: "read_orders,write_orders,write_merchant_managed_fulfillment_orders,write_third_party_fulfillment_orders",
    });
    expect((await load(granted)).missingScopes).toEqual([]);
  });

  it("saves the shop's policy and reads it back, never another shop's", async () => {
    const shop = await adminShop();
    const other = await adminShop();
    const policy = {
      enabled: true,
      codOnly: true,
      codGateways: ["Pago contra entrega", "COD"],
      onRefused: "cancel",
      noAnswerHours: 24,
      onNoAnswer: "release",
      notifyCustomer: false,
    };
    expect(await save(shop, valid)).toEqual({ status: 200, body: { success: true, policy } });
    expect((await load(shop)).policy).toEqual(policy);
    expect((await load(other)).policy).toEqual(DEFAULT_HOLD_POLICY);
  });

  it("an empty number of hours waits for ever", async () => {
    const shop = await adminShop();
    const { body } = await save(shop, { ...valid, noAnswerHours: "" });
    expect(body.policy.noAnswerHours).toBeNull();
  });

  const invalid: [string, Record<string, string>, string][] = [
    ["an unknown refusal policy", { onRefused: "delete" }, "onRefused: must be keep or cancel"],
    ["an unknown no-answer policy", { onNoAnswer: "wait" }, "onNoAnswer: must be keep, release or cancel"],
    ["hours past a month", { noAnswerHours: "721" }, "noAnswerHours: must be at most 720"],
    ["hours that are not whole", { noAnswerHours: "1.5" }, "noAnswerHours: must be a whole number"],
    ["hours written in hexadecimal", { noAnswerHours: "0x10" }, "noAnswerHours: must be a whole number"],
    ["hours written with an exponent", { noAnswerHours: "1e2" }, "noAnswerHours: must be a whole number"],
    ["a blank gateway name", { codGateways: '["COD", " "]' }, "codGateways.1: must not be empty"],
    ["gateways that are not JSON", { codGateways: "COD" }, "codGateways: is not valid JSON"],
  ];
  for (const [name, fields, error] of invalid) {
    it(`refuses ${name} with 400 and the field`, async () => {
      const shop = await adminShop();
      const { status, body } = await save(shop, { ...valid, ...fields });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error, code: "invalid_input" });
      expect(await prisma.holdSettings.count({ where: { shop } })).toBe(0);
    });
  }
});
