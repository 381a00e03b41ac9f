import { describe, expect, it } from "vitest";
import { action } from "~/routes/app.risk-rule";
import { loader } from "~/routes/app.settings/route";
import { riskRuleOf } from "~/services/risk/rules.server";
import { DEFAULT_RISK_RULE } from "~/lib/risk-rules";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const save = async (shop: string, fields: Record<string, string>) => {
  const result = await action({
    request: await adminRequest("/app/risk-rule", shop, formBody({ intent: "risk-rule-save", ...fields })),
    params: {},
    context: {},
  });
  return { status: result.status, body: await result.json() };
};

describe("the rule for risky orders form", () => {
  it("saves the shop's rule, the settings page loads it, and another shop keeps the default", async () => {
    const shop = await adminShop();
    const other = await adminShop();
    const rule = { enabled: true, threshold: 60, action: "other_flow", flowId: "f_303", tagPrefix: "riesgo" };
    expect(
      await save(shop, { enabled: "on", threshold: "60", action: "other_flow", flowId: "f_303", tagPrefix: "riesgo" }),
    ).toEqual({ status: 200, body: { success: true, rule } });
    const page = await loader({ request: await adminRequest("/app/settings", shop), params: {}, context: {} });
    expect(page.riskRule).toEqual(rule);
    expect(await riskRuleOf(other)).toEqual(DEFAULT_RISK_RULE);
  });

  it("forgets the other flow when the action is not to send one", async () => {
    const shop = await adminShop();
    const saved = await save(shop, { enabled: "on", threshold: "80", action: "hold", flowId: "f_303" });
    expect(saved.body.rule).toMatchObject({ action: "hold", flowId: null, tagPrefix: "return-risk" });
  });

  it.each([
    [{ action: "other_flow" }, "flowId"],
    [{ action: "tag", threshold: "101" }, "threshold"],
    [{ action: "tag", threshold: "0" }, "threshold"],
    [{ action: "explode" }, "action"],
    [{ action: "tag", tagPrefix: "riesgo alto,x" }, "tagPrefix"],
  ])("answers 400 naming the field for %o", async (fields, field) => {
    const shop = await adminShop();
    const saved = await save(shop, fields as Record<string, string>);
    expect(saved.status).toBe(400);
    expect(saved.body).toMatchObject({ success: false, code: "invalid_input" });
    expect(String(saved.body.error)).toMatch(new RegExp(`^${field}`));
    expect(await riskRuleOf(shop)).toEqual(DEFAULT_RISK_RULE);
  });
});
