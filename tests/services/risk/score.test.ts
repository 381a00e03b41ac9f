import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { riskReasonText } from "~/lib/risk-words";
import { addressKeyOf, cityKeyOf, scoreOrder, type OrderToScore } from "~/services/risk/score.server";
import { readOrderRisk, saveOrderRisk } from "~/services/risk/store.server";
import { LEVELS, levelOf, MIN_FINISHED_FOR_RATE, WEIGHTS } from "~/services/risk/weights";
import { shopDomain } from "../../helpers/factories";

const NOW = new Date("2026-11-28T12:00:00.000Z");
const ANA = "+573001234567";
const LUIS = "+573109876543";
const ANA_HOME = { address1: "Calle 10 # 4-21", city: "Medellín" };

let sequence = 0;

/**
 * An earlier order of the shop as the history keeps it: its score row (the keys), what the buyer answered and
 * where the parcel ended.
 */
async function pastOrder(
  shop: string,
  fields: {
    phone?: string | null;
    address?: { address1: string; city: string } | null;
    productId?: string | null;
    answer?: "confirmed" | "refused" | "no_answer";
    stage?: "delivered" | "returned" | "rejected" | "in_transit";
  },
) {
  const orderId = `gid://shopify/Order/${900000 + ++sequence}`;
  const address = fields.address === undefined ? null : fields.address;
  await saveOrderRisk({
    shop,
    orderId,
    orderName: `#${sequence}`,
    phone: fields.phone ?? null,
    score: 0,
    level: "low",
    reasons: [],
    scoredAt: new Date(NOW.getTime() - (1000 - sequence) * 60_000),
    addressKey: addressKeyOf(address),
    city: cityKeyOf(address?.city ?? null),
    productId: fields.productId ?? null,
  });
  if (fields.answer) {
    await prisma.orderAnswer.create({
      data: { shop, orderId, answer: fields.answer, answeredAt: NOW, orderName: `#${sequence}` },
    });
  }
  if (fields.stage) {
    await prisma.supplierOrder.create({
      data: { shop, supplierOrderId: `SUP-${sequence}`, orderId, stage: fields.stage },
    });
  }
  return orderId;
}

function newOrder(shop: string, patch: Partial<OrderToScore> = {}): OrderToScore {
  return {
    shop,
    orderId: `gid://shopify/Order/${800000 + ++sequence}`,
    orderName: `#N${sequence}`,
    phoneE164: ANA,
    phoneProblem: null,
    address: ANA_HOME,
    productId: "gid://shopify/Product/1",
    duplicateOf: null,
    ...patch,
  };
}

const codes = (risk: { reasons: { code: string }[] }) => risk.reasons.map((reason) => reason.code).sort();
const reason = (risk: { reasons: { code: string }[] }, code: string) => risk.reasons.find((r) => r.code === code);

describe("the return-risk score on a shop's history", () => {
  it("scores a buyer the shop has never seen as a first order, and nothing else", async () => {
    const shop = shopDomain();
    const risk = await scoreOrder(newOrder(shop), NOW);
    expect(risk.reasons).toEqual([{ code: "first_order", points: WEIGHTS.firstOrder }]);
    expect(risk).toMatchObject({ score: WEIGHTS.firstOrder, level: "low" });
    expect(await readOrderRisk(shop, risk.orderId)).toMatchObject({ score: WEIGHTS.firstOrder, phone: ANA });
  });

  it("counts the phone's returns, refusals and orders with no answer", async () => {
    const shop = shopDomain();
    await pastOrder(shop, { phone: ANA, answer: "confirmed", stage: "returned" });
    await pastOrder(shop, { phone: ANA, answer: "confirmed", stage: "rejected" });
    await pastOrder(shop, { phone: ANA, answer: "refused" });
    await pastOrder(shop, { phone: ANA, answer: "no_answer" });
    // Another buyer's history says nothing about Ana.
    await pastOrder(shop, { phone: LUIS, answer: "refused", stage: "returned" });
    const risk = await scoreOrder(newOrder(shop, { address: null }), NOW);
    expect(codes(risk)).toEqual(["phone_no_answer", "phone_refused", "phone_returned"]);
    expect(reason(risk, "phone_returned")).toEqual({ code: "phone_returned", points: 50, values: { count: 2 } });
    expect(reason(risk, "phone_refused")).toMatchObject({ points: 15, values: { count: 1 } });
    expect(reason(risk, "phone_no_answer")).toMatchObject({ points: 8, values: { count: 1 } });
    expect(risk).toMatchObject({ score: 73, level: "high" });
  });

  it("counts the address's returns under another phone, and the phone's own orders there once", async () => {
    const shop = shopDomain();
    await pastOrder(shop, { phone: LUIS, address: ANA_HOME, stage: "returned" });
    await pastOrder(shop, {
      phone: LUIS,
      address: { address1: "calle 10 #4 21", city: "MEDELLIN" },
      answer: "refused",
    });
    await pastOrder(shop, { phone: ANA, address: ANA_HOME, stage: "returned" });
    const risk = await scoreOrder(newOrder(shop), NOW);
    expect(reason(risk, "address_returned")).toMatchObject({ points: 15, values: { count: 1 } });
    expect(reason(risk, "address_refused")).toMatchObject({ points: 10, values: { count: 1 } });
    expect(reason(risk, "phone_returned")).toMatchObject({ points: 25, values: { count: 1 } });
    expect(codes(risk)).not.toContain("first_order");
  });

  it("lowers the score for parcels the buyer took", async () => {
    const shop = shopDomain();
    for (let n = 0; n < 4; n++) await pastOrder(shop, { phone: ANA, answer: "confirmed", stage: "delivered" });
    await pastOrder(shop, { phone: ANA, stage: "returned" });
    const risk = await scoreOrder(newOrder(shop, { address: null }), NOW);
    expect(reason(risk, "delivered_before")).toEqual({
      code: "delivered_before",
      points: WEIGHTS.delivered.cap,
      values: { count: 4 },
    });
    expect(risk.score).toBe(0);
  });

  it("reads a city's return rate only over enough finished parcels", async () => {
    const shop = shopDomain();
    const cali = { address1: "Av 6", city: "Cali" };
    // One short of the minimum: 8 returns of 19 finished parcels, plus parcels still on the way.
    for (let n = 0; n < 8; n++) await pastOrder(shop, { phone: LUIS, address: cali, stage: "returned" });
    for (let n = 0; n < MIN_FINISHED_FOR_RATE - 9; n++) await pastOrder(shop, { address: cali, stage: "delivered" });
    for (let n = 0; n < 5; n++) await pastOrder(shop, { address: cali, stage: "in_transit" });
    const home = { address1: "Cra 1", city: "Cali" };
    const few = await scoreOrder(newOrder(shop, { phoneE164: null, address: home, productId: null }), NOW);
    expect(codes(few)).not.toContain("city_return_rate");
    await pastOrder(shop, { address: cali, stage: "delivered" });
    const enough = await scoreOrder(newOrder(shop, { phoneE164: null, address: home, productId: null }), NOW);
    expect(reason(enough, "city_return_rate")).toEqual({
      code: "city_return_rate",
      points: 25,
      values: { city: "cali", rate: 40, finished: 20 },
    });
  });

  it("reads a product's return rate only over enough finished parcels", async () => {
    const shop = shopDomain();
    const product = "gid://shopify/Product/77";
    for (let n = 0; n < 6; n++) await pastOrder(shop, { productId: product, stage: "returned" });
    for (let n = 0; n < 13; n++) await pastOrder(shop, { productId: product, stage: "delivered" });
    const order = () => newOrder(shop, { phoneE164: null, address: null, productId: product });
    expect(codes(await scoreOrder(order(), NOW))).not.toContain("product_return_rate");
    await pastOrder(shop, { productId: product, stage: "delivered" });
    expect(reason(await scoreOrder(order(), NOW), "product_return_rate")).toEqual({
      code: "product_return_rate",
      points: 15,
      values: { rate: 30, finished: 20 },
    });
  });

  it("adds the duplicate, a phone that is no mobile and a missing phone only when they are so", async () => {
    const shop = shopDomain();
    const plain = await scoreOrder(newOrder(shop), NOW);
    expect(codes(plain)).toEqual(["first_order"]);
    const repeat = await scoreOrder(newOrder(shop, { duplicateOf: "#1001" }), NOW);
    expect(reason(repeat, "possible_duplicate")).toEqual({
      code: "possible_duplicate",
      points: WEIGHTS.duplicate,
      values: { order: "#1001" },
    });
    const landline = await scoreOrder(newOrder(shop, { phoneE164: "+5746041234", phoneProblem: "fixed_line" }), NOW);
    expect(codes(landline)).toContain("phone_not_mobile");
    expect(codes(landline)).not.toContain("phone_missing");
    const none = await scoreOrder(newOrder(shop, { phoneE164: null, phoneProblem: "missing" }), NOW);
    expect(codes(none)).toContain("phone_missing");
    expect(codes(none)).not.toContain("phone_not_mobile");
  });

  it("gives the same score and reasons for the same order and history", async () => {
    const shop = shopDomain();
    await pastOrder(shop, { phone: ANA, stage: "returned", answer: "refused" });
    await pastOrder(shop, { phone: LUIS, address: ANA_HOME, stage: "returned" });
    const order = newOrder(shop, { duplicateOf: "#9" });
    const first = await scoreOrder(order, NOW);
    const again = await scoreOrder(order, NOW);
    expect(again).toEqual(first);
    expect(first.reasons.map((r) => r.code)).toEqual([
      "phone_returned",
      "address_returned",
      "phone_refused",
      "possible_duplicate",
    ]);
  });

  it("never reads another shop's history", async () => {
    const other = shopDomain();
    const shop = shopDomain();
    const product = "gid://shopify/Product/1";
    for (let n = 0; n < 25; n++) {
      await pastOrder(other, {
        phone: ANA,
        address: ANA_HOME,
        productId: product,
        answer: "refused",
        stage: "returned",
      });
    }
    const risk = await scoreOrder(newOrder(shop), NOW);
    expect(risk.reasons).toEqual([{ code: "first_order", points: WEIGHTS.firstOrder }]);
    // The other shop's own score of the same buyer reads its history.
    const theirs = await scoreOrder(newOrder(other), NOW);
    expect(theirs.level).toBe("high");
  });

  it("sets the level by the thresholds in one place", () => {
    expect([0, LEVELS.medium - 1, LEVELS.medium, LEVELS.high - 1, LEVELS.high, 100].map(levelOf)).toEqual([
      "low",
      "low",
      "medium",
      "medium",
      "high",
      "high",
    ]);
  });

  it("words the reasons in Spanish and English, with plural forms", () => {
    const es = "es";
    const en = "en";
    expect(riskReasonText(es, { code: "phone_returned", points: 50, values: { count: 2 } })).toBe(
      "2 devoluciones con este teléfono",
    );
    expect(riskReasonText(es, { code: "phone_returned", points: 25, values: { count: 1 } })).toBe(
      "1 devolución con este teléfono",
    );
    expect(riskReasonText(es, { code: "city_return_rate", points: 23, values: { rate: 38, city: "cali" } })).toBe(
      "Ciudad con 38 % de devoluciones (cali)",
    );
    expect(riskReasonText(en, { code: "phone_returned", points: 50, values: { count: 2 } })).toBe(
      "2 returns with this phone",
    );
  });
});
