import { describe, expect, it } from "vitest";
import { action } from "~/routes/app.order-rules";
import { loader } from "~/routes/app.settings/route";
import { getOrderRules } from "~/services/screening/rules.server";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";

const OFF_HOURS = { on: false, from: "08:00", to: "21:00" };

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const save = async (shop: string, fields: Record<string, string>) => {
  const result = await action({
    request: await adminRequest("/app/order-rules", shop, formBody(fields)),
    params: {},
    context: {},
  });
  return { status: result.status, body: await result.json() };
};

describe("the order rules form", () => {
  it("saves the shop's rule and country, and the settings page loads them", async () => {
    const shop = await adminShop();
    const other = await adminShop();
    expect(await save(shop, { intent: "order-rules-save", noPhoneAction: "hold", phoneCountry: "pe" })).toEqual({
      status: 200,
      body: {
        success: true,
        rules: {
          noPhoneAction: "hold",
          phoneCountry: "PE",
          duplicateWindowMinutes: 0,
          duplicateAction: "send",
          sendingHours: OFF_HOURS,
        },
      },
    });
    const page = await loader({ request: await adminRequest("/app/settings", shop), params: {}, context: {} });
    expect(page.orderRules).toEqual({
      noPhoneAction: "hold",
      phoneCountry: "PE",
      duplicateWindowMinutes: 0,
      duplicateAction: "send",
      sendingHours: OFF_HOURS,
    });
    // Another shop keeps the defaults.
    expect(await getOrderRules(other)).toEqual({
      noPhoneAction: "send",
      phoneCountry: null,
      duplicateWindowMinutes: 0,
      duplicateAction: "send",
      sendingHours: OFF_HOURS,
    });
  });

  it("clears the country back to the supplier's with an empty choice", async () => {
    const shop = await adminShop();
    await save(shop, { noPhoneAction: "skip", phoneCountry: "CL" });
    expect((await save(shop, { noPhoneAction: "skip", phoneCountry: "" })).body.rules).toEqual({
      noPhoneAction: "skip",
      phoneCountry: null,
      duplicateWindowMinutes: 0,
      duplicateAction: "send",
      sendingHours: OFF_HOURS,
    });
  });

  it("refuses an unknown rule with 400 and the field's name, keeping what was saved", async () => {
    const shop = await adminShop();
    expect(await save(shop, { noPhoneAction: "drop" })).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_input", error: expect.stringMatching(/^noPhoneAction:/) },
    });
    expect(await save(shop, { noPhoneAction: "send", phoneCountry: "Colombia" })).toMatchObject({
      status: 400,
      body: { success: false, error: expect.stringMatching(/^phoneCountry:/) },
    });
    expect(await getOrderRules(shop)).toEqual({
      noPhoneAction: "send",
      phoneCountry: null,
      duplicateWindowMinutes: 0,
      duplicateAction: "send",
      sendingHours: OFF_HOURS,
    });
  });

  it("saves a duplicate window and action, and refuses a window longer than a week", async () => {
    const shop = await adminShop();
    expect(
      (await save(shop, { noPhoneAction: "send", duplicateWindowMinutes: "90", duplicateAction: "hold" })).body.rules,
    ).toMatchObject({ duplicateWindowMinutes: 90, duplicateAction: "hold" });
    expect(await save(shop, { noPhoneAction: "send", duplicateWindowMinutes: "20000" })).toMatchObject({
      status: 400,
      body: { success: false, error: expect.stringMatching(/^duplicateWindowMinutes:/) },
    });
    expect(await save(shop, { noPhoneAction: "send", duplicateWindowMinutes: "1.5" })).toMatchObject({ status: 400 });
  });

  it("takes only plain decimal minutes: hexadecimal, exponents, signs and decimals are refused", async () => {
    const shop = await adminShop();
    await save(shop, { noPhoneAction: "send", duplicateWindowMinutes: "90" });
    for (const written of ["0x10", "1e3", "1E2", "+5", "-5", "16.0", "Infinity", "0b11", "1_000", "٣٠"]) {
      expect(await save(shop, { noPhoneAction: "send", duplicateWindowMinutes: written }), written).toMatchObject({
        status: 400,
        body: { success: false, code: "invalid_input", error: expect.stringMatching(/^duplicateWindowMinutes:/) },
      });
    }
    expect((await getOrderRules(shop)).duplicateWindowMinutes).toBe(90);
    expect((await save(shop, { noPhoneAction: "send", duplicateWindowMinutes: " 045 " })).body.rules).toMatchObject({
      duplicateWindowMinutes: 45,
    });
  });

  it("saves the sending hours and refuses a time of day that is none, or an empty window", async () => {
    const shop = await adminShop();
    const window = { noPhoneAction: "send", sendingHoursOn: "on", sendingHoursFrom: "20:00", sendingHoursTo: "06:00" };
    expect((await save(shop, window)).body.rules.sendingHours).toEqual({ on: true, from: "20:00", to: "06:00" });
    expect(await save(shop, { ...window, sendingHoursFrom: "8am" })).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_input", error: expect.stringMatching(/^sendingHoursFrom:/) },
    });
    expect(await save(shop, { ...window, sendingHoursTo: "20:00" })).toMatchObject({
      status: 400,
      body: { success: false, error: expect.stringMatching(/^sendingHoursTo:/) },
    });
    expect((await getOrderRules(shop)).sendingHours).toEqual({ on: true, from: "20:00", to: "06:00" });
    // Unticked: off, the times kept for the next time.
    expect(
      (await save(shop, { noPhoneAction: "send", sendingHoursFrom: "20:00", sendingHoursTo: "06:00" })).body.rules,
    ).toMatchObject({ sendingHours: { on: false, from: "20:00", to: "06:00" } });
  });
});
