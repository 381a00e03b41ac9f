import { describe, expect, it } from "vitest";
import { DEFAULT_ORDER_RULES } from "~/lib/order-rules";
import { action } from "~/routes/app.order-rules";
import { previewOrderRules } from "~/services/orders/rules-preview.server";
import { blockPhone } from "~/services/screening/blocklist.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { createDelivery, createSession, restOrder, shopDomain } from "../../helpers/factories";
import { adminRequest, formBody } from "../../helpers/requests";

// 10:00 in Bogotá (UTC-5): the last 30 days start on 30 October at 00:00 Bogotá, 05:00 UTC.
const NOW = new Date("2026-11-28T15:00:00Z");
const ZONE = "America/Bogota";
let n = 0;

function order(phone: string) {
  n++;
  return restOrder({
    id: 6_300_000 + n,
    name: `#${3000 + n}`,
    phone: null,
    customer: { id: 7001, email: "ana@example.test", first_name: "Ana", last_name: "Gómez", phone: null },
    shipping_address: { first_name: "Ana", address1: "Calle 10", city: "Cali", country_code: "CO", phone },
  });
}

/** Eight orders, counted by hand: what each rule catches is written beside it. */
async function seededShop() {
  const shop = shopDomain();
  const at = (iso: string, phone: string, extra: Record<string, unknown> = {}) =>
    createDelivery(shop, { order: order(phone), createdAt: new Date(iso), ...extra });
  await at("2026-10-30T04:30:00Z", "3001112222"); // 29 Oct 23:30 Bogotá: before the 30 days (on 30 Oct in UTC)
  await at("2026-10-30T05:30:00Z", "3001112222"); // 00:30 Bogotá: counted; outside 08:00-21:00
  await at("2026-11-10T15:00:00Z", "300 111 2222"); // 10:00: counted; first of its kind
  await at("2026-11-10T15:30:00Z", "+57 300 111 2222"); // 30 minutes later, same items: a duplicate
  await at("2026-11-12T16:00:00Z", "601 234 5678"); // a landline: no mobile
  await at("2026-11-20T03:00:00Z", "3009998877"); // 19 Nov 22:00 Bogotá: outside the hours; blocked
  await at("2026-11-20T15:00:00Z", "3004445555", { test: true }); // a test order: never counted
  await at("2026-11-28T16:00:00Z", "3004445555"); // after now: not counted
  await blockPhone(shop, "300 999 8877", "rechaza", "CO");
  return shop;
}

const DRAFT = {
  ...DEFAULT_ORDER_RULES,
  noPhoneAction: "hold" as const,
  duplicateWindowMinutes: 60,
  duplicateAction: "hold" as const,
  sendingHours: { on: true, from: "08:00", to: "21:00" },
};

describe("the order rules' preview on the last 30 days", () => {
  it("counts what each draft rule would have caught, by the shop's own calendar", async () => {
    const shop = await seededShop();
    expect(await previewOrderRules(shop, DRAFT, ZONE, NOW)).toEqual({
      since: "2026-10-30T05:00:00.000Z",
      orders: 5,
      capped: false,
      noMobile: 1,
      duplicates: 1,
      outsideHours: 2,
      blockedPhones: 1,
    });
  });

  it("catches no duplicate with a window shorter than the gap, and no hour with the hours off", async () => {
    const shop = await seededShop();
    const draft = { ...DRAFT, duplicateWindowMinutes: 29, sendingHours: { ...DRAFT.sendingHours, on: false } };
    expect(await previewOrderRules(shop, draft, ZONE, NOW)).toMatchObject({ duplicates: 0, outsideHours: 0 });
  });

  it("answers the page's preview intent for the signed-in shop only, and refuses a bad draft", async () => {
    const shop = await seededShop();
    await createSession(shop);
    await storeShopTimeZone(shop, ZONE);
    const post = async (fields: Record<string, string>) => {
      const response = await action({
        request: await adminRequest("/app/order-rules", shop, formBody(fields)),
        params: {},
        context: {},
      });
      return { status: response.status, body: await response.json() };
    };
    const fields = { intent: "order-rules-preview", noPhoneAction: "hold", duplicateWindowMinutes: "60" };
    const { status, body } = await post(fields);
    expect(status).toBe(200);
    expect(body.preview).toMatchObject({ capped: false, noMobile: expect.any(Number) });
    expect(await post({ ...fields, duplicateWindowMinutes: "-3" })).toMatchObject({
      status: 400,
      body: { success: false },
    });
    expect(await post({ intent: "nonsense" })).toMatchObject({ status: 400, body: { success: false } });
  });
});

describe("the preview's sending hours test", () => {
  it("agrees with the worker's check on every quarter hour of a year, in a zone whose clocks change", async () => {
    const { isWithinSendingHours, withinSendingHoursTest } = await import("~/lib/sending-hours");
    const hours = { on: true, from: "21:30", to: "07:45" };
    const test = withinSendingHoursTest(hours, "America/Santiago");
    const start = Date.parse("2026-01-01T00:07:00Z");
    for (let at = start; at < start + 365 * 86_400_000; at += 15 * 60_000 + 60_000) {
      expect(test(new Date(at))).toBe(isWithinSendingHours(new Date(at), hours, "America/Santiago"));
    }
  });
});
