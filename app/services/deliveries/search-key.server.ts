import { foldForSearch } from "../../lib/search-key";

/** Long enough for two names, an email and three phones; the column is read on every search. */
export const SEARCH_KEY_MAX = 400;

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/**
 * The buyer's searchable words from a webhook body (REST or GraphQL shape, `body` already unwrapped): the
 * customer's and the shipping address's names, the email, folded, and each phone as its digits alone, so
 * "Ramirez", "RAMÍREZ" and "300 111 2233" all find the order. Null when the body names nobody.
 */
export function buyerSearchKey(body: Json): string | null {
  const customer = obj(body.customer);
  const shipping = obj(body.shipping_address ?? body.shippingAddress);
  const billing = obj(body.billing_address ?? body.billingAddress);
  const name = (person: Json) =>
    `${text(person.first_name ?? person.firstName)} ${text(person.last_name ?? person.lastName)}`;
  const words = [
    name(customer),
    name(shipping),
    name(billing),
    text(body.email ?? body.contact_email ?? customer.email),
  ]
    .map(foldForSearch)
    .filter(Boolean);
  const phones = [customer.phone, body.phone, shipping.phone, billing.phone]
    .map((phone) => text(phone).replace(/\D/g, ""))
    .filter(Boolean);
  const key = [...new Set([...words, ...phones])].join(" | ");
  return key ? key.slice(0, SEARCH_KEY_MAX) : null;
}
