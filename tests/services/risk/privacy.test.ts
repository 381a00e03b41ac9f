import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as compliance } from "~/routes/webhooks.compliance";
import { purgeExpiredRisks } from "~/services/risk/privacy.server";
import { saveOrderRisk } from "~/services/risk/store.server";
import { createSession, shopDomain } from "../../helpers/factories";
import { webhookRequest } from "../../helpers/requests";

const NOW = new Date();
const DAY = 86_400_000;
const ANA = "+573108045704";

/** A shop that scored Ana's two orders, Luis's one, and an order of Ana's in another shop. */
async function shopsWithScores() {
  const shop = shopDomain();
  const other = shopDomain();
  await createSession(shop);
  await createSession(other);
  const score = (inShop: string, orderNumber: number, phone: string | null, scoredAt = NOW) =>
    saveOrderRisk({
      shop: inShop,
      orderId: `gid://shopify/Order/${orderNumber}`,
      orderName: `#${orderNumber}`,
      phone,
      score: 73,
      level: "high",
      reasons: [{ code: "phone_returned", points: 50, values: { count: 2 } }],
      scoredAt,
      addressKey: "0123456789abcdef0123456789abcdef",
      city: "medellin",
      productId: "gid://shopify/Product/1",
    });
  await score(shop, 1001, ANA);
  await score(shop, 1002, ANA);
  await score(shop, 1003, "+573009998877");
  // Ana's order without the phone (a redaction names it by order).
  await score(shop, 1004, null);
  await score(other, 1001, ANA);
  return { shop, other };
}

const request = (shop: string, topic: string, body: unknown) =>
  compliance({ request: webhookRequest("/webhooks/compliance", body, { shop, topic }) });

const ana = (shop: string) => ({
  shop_domain: shop,
  customer: { id: 7001, email: "ana@example.test", phone: "310 804 5704" },
  orders_to_redact: [1004],
  orders_requested: [1004],
  data_request: { id: 1 },
});

describe("the return-risk scores as the buyer's data", () => {
  it("lists the buyer's scores and what they used in a data request", async () => {
    const { shop } = await shopsWithScores();
    const response = await request(shop, "customers/data_request", ana(shop));
    expect(response.status).toBe(200);
    const recorded = await prisma.privacyRequest.findFirstOrThrow({ where: { shop } });
    const summary = JSON.parse(recorded.summary!) as { held: Record<string, number>; listed: Record<string, unknown> };
    expect(summary.held.orderRisks).toBe(3);
    expect(summary.listed.orderRisks).toEqual(
      ["#1001", "#1002", "#1004"].map((order) =>
        expect.objectContaining({
          order,
          score: 73,
          level: "high",
          reasons: [{ code: "phone_returned", points: 50, values: { count: 2 } }],
          used: expect.objectContaining({ city: "medellin", address: "digest", product: "gid://shopify/Product/1" }),
        }),
      ),
    );
  });

  it("erases the buyer's scores by phone and by order on customers/redact, in this shop only", async () => {
    const { shop, other } = await shopsWithScores();
    expect((await request(shop, "customers/redact", ana(shop))).status).toBe(200);
    const left = await prisma.orderRisk.findMany({ select: { shop: true, orderName: true }, orderBy: { shop: "asc" } });
    expect(left.filter((row) => row.shop === shop).map((row) => row.orderName)).toEqual(["#1003"]);
    expect(left.filter((row) => row.shop === other).map((row) => row.orderName)).toEqual(["#1001"]);
  });

  it("drops scores past the retention period", async () => {
    const shop = shopDomain();
    const at = (days: number) => new Date(NOW.getTime() - days * DAY);
    for (const [n, days] of [
      [1, 1],
      [2, 400],
    ] as const) {
      await saveOrderRisk({ shop, orderId: `o${n}`, score: 0, level: "low", reasons: [], scoredAt: at(days) });
    }
    expect(await purgeExpiredRisks(NOW)).toBe(1);
    expect((await prisma.orderRisk.findMany({ where: { shop } })).map((row) => row.orderId)).toEqual(["o1"]);
  });
});
