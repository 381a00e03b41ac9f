/**
 * What the receiver reads from a webhook body before it stores it: the keys the row is found by (ids, name, tokens,
 * the search key), the buyer's contacts customers/redact matches, and the shop the body's own links name.
 */
import { legacyId, obj, str, toGid, unwrap, isGraphqlShape } from "../../lib/payload-fields.server";
import { buyerSearchKey } from "./search-key.server";

/** What the receiver stores beside the body (the row's key columns), read without validation so the insert path stays fast. */
export interface EventKeys {
  resourceId: string | null;
  orderId: string | null;
  orderName: string | null;
  customerId: string | null;
  checkoutToken: string | null;
  cartToken: string | null;
  /** The platform's test flag (a test order, such as the loop test's): kept out of the insights. */
  test: boolean;
  /** The buyer's folded names, email and phone digits, for the log's search (docs/decisions/202). */
  searchKey: string | null;
}

const GID_TYPES = { orders: "Order", draft_orders: "DraftOrder", checkouts: "Checkout" } as const;

export function extractEventKeys(topic: string, payload: unknown): EventKeys {
  const body = unwrap(payload);
  const graphql = isGraphqlShape(body);
  const type = GID_TYPES[topic.split("/")[0] as keyof typeof GID_TYPES] ?? "Order";
  const rawId = str(body.id);
  const gid = str(body.admin_graphql_api_id) ?? toGid(type, rawId);
  const customer = obj(body.customer);
  return {
    resourceId: rawId == null ? null : legacyId(String(rawId)),
    orderId: type === "Checkout" ? null : gid,
    orderName: str(body.name),
    customerId: customer.id == null ? null : legacyId(String(customer.id)),
    checkoutToken: graphql ? null : str(type === "Checkout" ? body.token : body.checkout_token),
    cartToken: graphql ? null : str(body.cart_token),
    test: body.test === true,
    searchKey: buyerSearchKey(body),
  };
}

/**
 * Every email and phone a stored body holds for its buyer, in any of the shapes it arrives in (the order, its
 * customer, the shipping and billing addresses, the customer's default address): what customers/redact matches.
 */
export function buyerContacts(payload: unknown): { emails: string[]; phones: string[] } {
  const body = unwrap(payload);
  const customer = obj(body.customer);
  const places = [
    body,
    customer,
    obj(body.shipping_address),
    obj(body.shippingAddress),
    obj(body.billing_address),
    obj(body.billingAddress),
    obj(customer.default_address),
    obj(customer.defaultAddress),
  ];
  const pick = (keys: string[]) =>
    places.flatMap((place) => keys.map((key) => str(place[key])).filter((value): value is string => value !== null));
  return { emails: pick(["email", "contact_email", "contactEmail"]), phones: pick(["phone"]) };
}

/** The links a body carries back to its shop's storefront: the status page, the invoice, the recovery link. */
const SHOP_LINKS = ["order_status_url", "orderStatusUrl", "invoice_url", "invoiceUrl", "abandoned_checkout_url"];

/**
 * The `*.myshopify.com` domain the body's own links name, if any (docs/decisions/070-one-trigger-per-order.md):
 * a body signed for one shop and re-posted under another shop's header names its real shop here. Null when the
 * links use a custom domain or are absent.
 */
export function bodyShopDomain(payload: unknown): string | null {
  const body = unwrap(payload);
  for (const key of SHOP_LINKS) {
    const link = str(body[key]);
    if (!link) continue;
    try {
      const host = new URL(link).hostname.toLowerCase();
      if (host.endsWith(".myshopify.com")) return host;
    } catch {
      // Not a URL: it names no shop.
    }
  }
  return null;
}
