import { createRequire } from "node:module";
import type { CountryCode, NumberType } from "libphonenumber-js/max";
import type { OrderRules } from "../../lib/order-rules";
import type { ShopSettings } from "../shops/configuration.server";

type PhoneLibrary = typeof import("libphonenumber-js/max");
let library: PhoneLibrary | undefined;
/**
 * The library with its full metadata, loaded at the first number read (a few MB of tables): a delivery worker
 * waiting for orders does not carry it (docs/decisions/247).
 */
function phoneLibrary(): PhoneLibrary {
  return (library ??= createRequire(import.meta.url)("libphonenumber-js/max") as PhoneLibrary);
}

/**
 * The buyer's phone as a WhatsApp flow can use it (docs/decisions/220): E.164, read with libphonenumber's full
 * metadata (the `max` build, the one that tells mobile numbers from fixed lines), in the country of the shipping
 * address, else of the customer, else of the shop. Nothing here is a hand-kept numbering table: the library's
 * metadata decides; the few rewrites below only undo how buyers type (an international `00` prefix, a national
 * trunk `0` the country does not use, Mexico's retired `1` after +52).
 */

export type PhoneType = "mobile" | "fixed_line" | "fixed_line_or_mobile" | "other";

export interface NormalisedPhone {
  /** The number as typed (where it was found), for the log only. */
  raw: string | null;
  /** +<country code><national number>, or null when no valid number could be read. */
  e164: string | null;
  valid: boolean;
  /** What the library can tell of the number; null when it is not valid. */
  type: PhoneType | null;
  /** Valid, and not a fixed line (a number the library cannot place as either counts: it may be a mobile). */
  usableMobile: boolean;
  /** Why it is not usable, when it is not: missing, invalid, fixed_line, other. */
  problem: "missing" | "invalid" | "fixed_line" | "other" | null;
}

const TYPES: Partial<Record<NumberType & string, PhoneType>> = {
  MOBILE: "mobile",
  FIXED_LINE: "fixed_line",
  FIXED_LINE_OR_MOBILE: "fixed_line_or_mobile",
};

/** Normalises one number; `countries` in order of preference (the first the library knows is the default). */
export function normalisePhone(raw: string | null, countries: (string | null | undefined)[]): NormalisedPhone {
  const typed = raw?.trim() || null;
  if (!typed || !/\d/.test(typed)) return unusable(typed, "missing");
  const country = countries.map((code) => code?.trim().toUpperCase()).find(isKnownCountry);
  for (const candidate of candidates(typed, country)) {
    const parsed = phoneLibrary().parsePhoneNumberFromString(candidate, country);
    if (!parsed?.isValid()) continue;
    const libraryType = parsed.getType();
    const type: PhoneType = (libraryType && TYPES[libraryType]) ?? (libraryType ? "other" : "fixed_line_or_mobile");
    const problem = type === "fixed_line" ? "fixed_line" : type === "other" ? "other" : null;
    return { raw: typed, e164: parsed.number, valid: true, type, usableMobile: problem === null, problem };
  }
  return unusable(typed, "invalid");
}

function unusable(raw: string | null, problem: "missing" | "invalid"): NormalisedPhone {
  return { raw, e164: null, valid: false, type: null, usableMobile: false, problem };
}

function isKnownCountry(code: string | undefined): code is CountryCode {
  return Boolean(code && /^[A-Z]{2}$/.test(code) && phoneLibrary().isSupportedCountry(code));
}

/** The number as typed, then as it would read without the typing habits the library does not undo itself. */
function candidates(typed: string, country: CountryCode | undefined): string[] {
  const compact = typed.replace(/[^\d+]/g, "");
  const list = [typed];
  // 00 is the international prefix across the region: 0057… is +57….
  if (compact.startsWith("00")) list.push(`+${compact.slice(2)}`);
  // Digits only, with the country code but no +: 573001234567.
  if (/^\d{10,15}$/.test(compact)) list.push(`+${compact}`);
  // A trunk 0 the country's plan has no more (Chile's 09 mobiles): the same digits without it.
  if (/^0[1-9]/.test(compact)) list.push(compact.slice(1));
  // Mexico dropped the 1 between +52 and a mobile number in 2019; buyers still type it.
  const mexican = /^\+?521(\d{10})$/.exec(compact);
  if (mexican) list.push(`+52${mexican[1]}`);
  // Mexico's old 044/045 mobile prefixes before the ten digits.
  if (country === "MX" && /^04[45]\d{10}$/.test(compact)) list.push(compact.slice(3));
  return list;
}

/** The country a number typed without its code belongs to when the order names none: the rule's, else the supplier's. */
export function shopPhoneCountry(rules: OrderRules, settings: Pick<ShopSettings, "supplierCountry"> | null) {
  return rules.phoneCountry ?? settings?.supplierCountry ?? null;
}

type Json = Record<string, unknown>;

/**
 * The buyer's number from a stored order body (REST or GraphQL shape): the first usable mobile among the
 * customer's, the order's and the shipping and billing addresses' phones, else the first valid number, else the
 * first typed. The country: the shipping address's, then the customer's default address's, then `shopCountry`.
 */
export function buyerPhone(payload: unknown, shopCountry: string | null): NormalisedPhone {
  const order = unwrapOrder(payload);
  const customer = obj(order.customer);
  const shipping = obj(order.shippingAddress ?? order.shipping_address);
  const billing = obj(order.billingAddress ?? order.billing_address);
  const customerAddress = obj(customer.defaultAddress ?? customer.default_address);
  const countries = [countryOf(shipping), countryOf(customerAddress), shopCountry];
  const typed = [customer.phone, order.phone, shipping.phone, billing.phone, customerAddress.phone]
    .map((value) => (typeof value === "string" && value.trim() ? value : null))
    .filter((value): value is string => value !== null);
  const read = [...new Set(typed)].map((value) => normalisePhone(value, countries));
  return (
    read.find((phone) => phone.usableMobile) ??
    read.find((phone) => phone.valid) ??
    read[0] ??
    unusable(null, "missing")
  );
}

function countryOf(address: Json): string | null {
  for (const key of ["countryCodeV2", "countryCode", "country_code"]) {
    const value = address[key];
    if (typeof value === "string" && value) return value;
  }
  return null;
}

function unwrapOrder(payload: unknown): Json {
  const body = obj(payload);
  const inner = body.order;
  return inner && typeof inner === "object" && !Array.isArray(inner) ? (inner as Json) : body;
}

function obj(value: unknown): Json {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}
