import { describe, expect, it } from "vitest";
import { buyerPhone, normalisePhone } from "~/services/screening/phone.server";

// Numbers as buyers type them at a cash-on-delivery checkout, per country: spaces, dashes, a leading 0, the
// country code without +, with 00, with +, and a landline the flow cannot message on WhatsApp.
const CASES: [country: string, typed: string, e164: string | null, usable: boolean][] = [
  ["CO", "300 123 4567", "+573001234567", true],
  ["CO", "573001234567", "+573001234567", true],
  ["CO", "+57 300-123-4567", "+573001234567", true],
  ["CO", "0057 300 123 4567", "+573001234567", true],
  ["CO", "601 234 5678", "+576012345678", false],
  ["EC", "0991234567", "+593991234567", true],
  ["EC", "099 123 4567", "+593991234567", true],
  ["EC", "593 99 123 4567", "+593991234567", true],
  ["EC", "(02) 234 5678", "+59322345678", false],
  ["CL", "9 8765 4321", "+56987654321", true],
  ["CL", "09 8765 4321", "+56987654321", true],
  ["CL", "+56 9 8765 4321", "+56987654321", true],
  ["GT", "5512 3456", "+50255123456", true],
  ["GT", "502 5512-3456", "+50255123456", true],
  ["GT", "2234 5678", "+50222345678", false],
  ["MX", "55 1234 5678", "+525512345678", true],
  ["MX", "+52 1 55 1234 5678", "+525512345678", true],
  ["MX", "044 55 1234 5678", "+525512345678", true],
  ["PA", "6123-4567", "+50761234567", true],
  ["PA", "+507 6123 4567", "+50761234567", true],
  ["PA", "223-4567", "+5072234567", false],
  ["PE", "987 654 321", "+51987654321", true],
  ["PE", "51 987654321", "+51987654321", true],
  ["PE", "(01) 234 5678", "+5112345678", false],
  ["PY", "0981 123456", "+595981123456", true],
  ["PY", "595 981 123456", "+595981123456", true],
  ["PY", "021 123 456", "+59521123456", false],
];

describe("normalisePhone", () => {
  it.each(CASES)("%s: %s -> %s (usable mobile: %s)", (country, typed, e164, usable) => {
    const phone = normalisePhone(typed, [country]);
    expect(phone.e164).toBe(e164);
    expect(phone.valid).toBe(e164 !== null);
    expect(phone.usableMobile).toBe(usable);
    if (!usable) expect(phone.problem).toBe("fixed_line");
  });

  it("reads a number with its own + country code whatever country the order names", () => {
    const phone = normalisePhone("+57 300 123 4567", ["EC"]);
    expect(phone).toMatchObject({ e164: "+573001234567", type: "mobile", usableMobile: true });
  });

  it("takes the first country it knows, skipping blanks and codes the library does not have", () => {
    expect(normalisePhone("300 123 4567", [null, "", "XX", "CO"]).e164).toBe("+573001234567");
  });

  it("calls a number too short for its country invalid, and keeps what was typed", () => {
    expect(normalisePhone("300 123", ["CO"])).toEqual({
      raw: "300 123",
      e164: null,
      valid: false,
      type: null,
      usableMobile: false,
      problem: "invalid",
    });
  });

  it("calls a national number without any country invalid (it cannot be placed)", () => {
    expect(normalisePhone("3001234567", [null]).problem).toBe("invalid");
  });

  it("calls an absent or letters-only phone missing", () => {
    expect(normalisePhone(null, ["CO"]).problem).toBe("missing");
    expect(normalisePhone("  ", ["CO"]).problem).toBe("missing");
    expect(normalisePhone("no tengo", ["CO"]).problem).toBe("missing");
  });
});

describe("buyerPhone", () => {
  it("reads a REST order's phone in its shipping address's country before the customer's and the shop's", () => {
    const order = {
      phone: null,
      customer: { phone: null, default_address: { country_code: "MX" } },
      shipping_address: { phone: "0991234567", country_code: "EC" },
    };
    expect(buyerPhone(order, "CO")).toMatchObject({ e164: "+593991234567", usableMobile: true });
  });

  it("falls back to the customer's country, then the shop's", () => {
    const customerOnly = { customer: { phone: "55 1234 5678", default_address: { country_code: "MX" } } };
    expect(buyerPhone(customerOnly, "CO").e164).toBe("+525512345678");
    const neither = { order: { customer: { phone: "300 123 4567" }, shippingAddress: { phone: null } } };
    expect(buyerPhone(neither, "CO").e164).toBe("+573001234567");
  });

  it("reads a GraphQL-shaped order's countryCodeV2", () => {
    const order = { order: { shippingAddress: { phone: "987 654 321", countryCodeV2: "PE" }, lineItems: [] } };
    expect(buyerPhone(order, null).e164).toBe("+51987654321");
  });

  it("prefers a mobile on the shipping address to a landline on the customer", () => {
    const order = {
      customer: { phone: "601 234 5678" },
      shipping_address: { phone: "300 123 4567", country_code: "CO" },
    };
    expect(buyerPhone(order, null)).toMatchObject({ e164: "+573001234567", usableMobile: true });
  });

  it("says missing for an order with no phone anywhere", () => {
    expect(buyerPhone({ customer: { email: "a@b.test" } }, "CO")).toMatchObject({ e164: null, problem: "missing" });
  });
});
