import { describe, expect, it } from "vitest";
import { BUYER_LIMITS, readBuyerSummary, whatsappNumber, whatsappUrl } from "~/lib/buyer-summary";
import { buyerSummaryText } from "~/services/deliveries/buyer-summary.server";
import checkoutRest from "../../fixtures/webhooks/checkout-rest.json";
import draftGraphql from "../../fixtures/webhooks/draft-order-graphql.json";
import draftRest from "../../fixtures/webhooks/draft-order-rest.json";
import orderGraphql from "../../fixtures/webhooks/order-graphql.json";
import orderRest from "../../fixtures/webhooks/order-rest.json";

const summaryOf = (body: unknown) => readBuyerSummary(buyerSummaryText(body));

describe("buyer summary at receive time", () => {
  it("reads the same buyer from an order in REST and in the spec's GraphQL shape", () => {
    const expected = {
      name: "Ana Gomez",
      phone: "+573001112233",
      countryCode: null,
      city: "Medellin",
      province: "Antioquia",
      total: "129900.00",
      currency: "COP",
      products: [
        {
          title: "Lampara LED - Blanca",
          quantity: 2,
          productTitle: "Lampara LED",
          productId: "gid://shopify/Product/331",
        },
      ],
    };
    expect(summaryOf(orderRest)).toEqual(expected);
    expect(summaryOf(orderGraphql)).toEqual(expected);
  });

  it("reads a draft order and an abandoned checkout", () => {
    expect(summaryOf(draftRest)).toMatchObject({
      name: "Luis Perez",
      phone: "+573009998877",
      total: "45000.00",
      currency: "COP",
      products: [{ title: "Kit organizador", quantity: 1 }],
    });
    expect(summaryOf(draftGraphql)).toMatchObject({ name: "Luis Perez", total: "45000.00", currency: "COP" });
    // The checkout's shipping address holds only a first name: the customer's whole name is the better one.
    expect(summaryOf(checkoutRest)).toMatchObject({
      name: "Ana Gomez",
      phone: "+573004445566",
      total: "129900.00",
      products: [{ title: "Lampara LED", quantity: 2 }],
    });
  });

  it("takes the phone and name cash-on-delivery buyers leave only on the shipping address", () => {
    const summary = summaryOf({
      ...orderRest,
      customer: null,
      phone: null,
      shipping_address: {
        first_name: "Andrés",
        last_name: "Ramírez",
        city: "Cali",
        phone: "300 111 2233",
        country_code: "CO",
      },
    });
    expect(summary).toMatchObject({ name: "Andrés Ramírez", phone: "300 111 2233", city: "Cali", countryCode: "CO" });
    expect(whatsappUrl(summary)).toBe("https://wa.me/573001112233");
  });

  it("keeps nothing for a body that names no buyer, total or product", () => {
    expect(buyerSummaryText({ id: 1, name: "#1" })).toBeNull();
    expect(buyerSummaryText(null)).toBeNull();
  });

  it("cuts long fields and long carts: a summary, not a copy of the body", () => {
    const summary = summaryOf({
      ...orderRest,
      shipping_address: { first_name: "x".repeat(500), last_name: "y" },
      line_items: Array.from({ length: 40 }, (_, n) => ({ name: `Producto ${n}`, quantity: 1 })),
    });
    expect(summary!.name!.length).toBe(BUYER_LIMITS.text);
    expect(summary!.products).toHaveLength(BUYER_LIMITS.products);
  });

  it("reads nothing from a stored text that is not a summary", () => {
    expect(readBuyerSummary(null)).toBeNull();
    expect(readBuyerSummary("not json")).toBeNull();
    expect(readBuyerSummary("[1,2]")).toBeNull();
    expect(readBuyerSummary('{"products":[{"title":""},{"title":"A","quantity":-3}]}')).toEqual({
      name: null,
      phone: null,
      countryCode: null,
      city: null,
      province: null,
      total: null,
      currency: null,
      products: [{ title: "A", quantity: 1, productTitle: null, productId: null }],
    });
  });
});

describe("WhatsApp link", () => {
  it("dials an international number as typed, whatever its separators", () => {
    expect(whatsappNumber("+57 300-111 2233", null)).toBe("573001112233");
    expect(whatsappNumber("0057 300 111 2233", null)).toBe("573001112233");
    expect(whatsappNumber("+52 1 55 1234 5678", "CO")).toBe("5215512345678");
  });

  it("puts the address country's calling code before a local number", () => {
    expect(whatsappNumber("3001112233", "CO")).toBe("573001112233");
    expect(whatsappNumber("099 123 4567", "EC")).toBe("593991234567");
    expect(whatsappNumber("573001112233", "CO")).toBe("573001112233");
  });

  it("gives no link rather than a wrong one", () => {
    expect(whatsappNumber("3001112233", null)).toBeNull();
    expect(whatsappNumber("3001112233", "ZZ")).toBeNull();
    expect(whatsappNumber("+57 12", null)).toBeNull();
    expect(whatsappUrl(null)).toBeNull();
    expect(whatsappUrl({ phone: null, countryCode: "CO" })).toBeNull();
  });
});
