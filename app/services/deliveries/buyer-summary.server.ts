import { BUYER_LIMITS, type BuyerSummary } from "../../lib/buyer-summary";
import { decimal, isGraphqlShape, lineItemsOf, obj, shopMoney, unwrap } from "../../lib/payload-fields.server";

type Json = Record<string, unknown>;

function text(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, BUYER_LIMITS.text) : null;
}

/** The first whole name (first and last) among `people`, else the first part of one. */
function nameOf(people: { first: unknown; last: unknown }[]): string | null {
  const names = people.map(({ first, last }) => [text(first), text(last)]);
  const whole = names.find(([first, last]) => first && last) ?? names.find(([first, last]) => first || last);
  return whole ? whole.filter(Boolean).join(" ").slice(0, BUYER_LIMITS.text) : null;
}

function quantity(value: unknown): number {
  const number = typeof value === "number" ? value : Number(value);
  return Number.isInteger(number) && number > 0 ? number : 1;
}

function restProductId(value: unknown): string | null {
  const id = text(value);
  return id && /^\d+$/.test(id) ? `gid://shopify/Product/${id}` : null;
}

/**
 * The buyer summary of an order, draft order or checkout body (any shape the receiver takes: REST or the spec's
 * GraphQL wrapper), as the JSON text `Delivery.buyer` stores; null when the body names no buyer, total or product.
 * Read at receive time from the body already parsed, and written by the receiver's one INSERT (docs/decisions/205).
 */
export function buyerSummaryText(payload: unknown): string | null {
  const body = unwrap(payload);
  const graphql = isGraphqlShape(body);
  const customer = obj(body.customer);
  const shipping = obj(graphql ? body.shippingAddress : body.shipping_address);
  const billing = obj(graphql ? body.billingAddress : body.billing_address);
  const first = (json: Json) => (graphql ? json.firstName : json.first_name);
  const last = (json: Json) => (graphql ? json.lastName : json.last_name);
  const countryOf = (address: Json) =>
    text(graphql ? (address.countryCodeV2 ?? address.countryCode) : address.country_code);
  const money = graphql ? shopMoney(body.totalPriceSet) : null;
  const summary: BuyerSummary = {
    // The shipping name first: it is who receives (and pays) a cash-on-delivery parcel.
    name: nameOf([shipping, customer, billing].map((person) => ({ first: first(person), last: last(person) }))),
    // Cash-on-delivery buyers often leave the phone only on the order or its shipping address.
    phone: text(shipping.phone) ?? text(body.phone) ?? text(customer.phone) ?? text(billing.phone),
    countryCode: countryOf(shipping) ?? countryOf(billing),
    city: text(shipping.city) ?? text(billing.city),
    province: text(shipping.province) ?? text(billing.province),
    total: money?.amount ?? decimal(graphql ? body.totalPrice : body.total_price),
    currency:
      money?.currencyCode ??
      text(graphql ? body.currencyCode : body.currency) ??
      text(graphql ? null : body.presentment_currency),
    products: lineItemsOf(body, graphql)
      .slice(0, BUYER_LIMITS.products)
      .flatMap((item) => {
        // The line's name carries the variant ("Lampara LED - Blanca"), which is what the merchant ships.
        const title = text(item.name) ?? text(item.title);
        if (!title) return [];
        // The product (not its variant) as the store names it, and its id: the outcomes group by product.
        const product = Object.keys(obj(item.product)).length ? obj(item.product) : obj(obj(item.variant).product);
        const productTitle = (graphql ? text(product.title) : null) ?? text(item.title) ?? title;
        const productId = graphql ? text(product.id) : restProductId(item.product_id);
        return [{ title, quantity: quantity(item.quantity), productTitle, productId }];
      }),
  };
  const empty = !summary.name && !summary.phone && !summary.city && !summary.total && summary.products.length === 0;
  return empty ? null : JSON.stringify(summary);
}
