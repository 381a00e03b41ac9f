import type { Address } from "../../lib/payloads.server";
import { platformGraphql, type PlatformSession } from "./graphql.server";

export const RECENT_ORDERS_LIMIT = 10;
// Keeps the query's cost under the platform's 1000-point ceiling with ten orders (about 700 points).
export const ORDER_LINE_ITEMS_LIMIT = 20;

export const RECENT_ORDERS_QUERY = `#graphql
  query RecentOrders($first: Int!, $lineItemsFirst: Int!) {
    orders(first: $first, sortKey: CREATED_AT, reverse: true) {
      nodes {
        id
        name
        createdAt
        displayFinancialStatus
        displayFulfillmentStatus
        totalPriceSet {
          shopMoney {
            amount
            currencyCode
          }
        }
        lineItems(first: $lineItemsFirst) {
          nodes {
            id
            name
            quantity
            sku
            variant {
              id
              title
            }
            product {
              id
            }
          }
        }
        shippingAddress {
          firstName
          lastName
          address1
          city
          province
          country
          zip
          phone
        }
        customer {
          id
          firstName
          lastName
          defaultEmailAddress {
            emailAddress
          }
          defaultPhoneNumber {
            phoneNumber
          }
        }
        tags
        note
      }
    }
  }`;

interface OrderNode {
  id: string;
  name: string;
  createdAt: string;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string | null;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  lineItems: {
    nodes: {
      id: string;
      name: string;
      quantity: number;
      sku: string | null;
      variant: { id: string; title: string } | null;
      product: { id: string } | null;
    }[];
  };
  // The query selects exactly the spec's address fields.
  shippingAddress: Address | null;
  customer: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    defaultEmailAddress: { emailAddress: string | null } | null;
    defaultPhoneNumber: { phoneNumber: string | null } | null;
  } | null;
  tags: string[];
  note: string | null;
}

/** The spec's Order. `variant` is the variant's title as the admin shows it; `variantId` its gid. */
export interface RecentOrder {
  id: string;
  name: string;
  createdAt: string;
  financialStatus: string | null;
  fulfillmentStatus: string | null;
  totalPrice: string;
  currency: string;
  lineItems: {
    id: string;
    name: string;
    quantity: number;
    variant: string | null;
    variantId: string | null;
    sku: string | null;
    productId: string | null;
  }[];
  shippingAddress: OrderNode["shippingAddress"];
  customer: {
    id: string;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
  } | null;
  tags: string[];
  note: string;
}

/** The 10 newest orders of the shop, newest first. */
export async function listRecentOrders(session: PlatformSession): Promise<RecentOrder[]> {
  const data = await platformGraphql(session, RECENT_ORDERS_QUERY, {
    first: RECENT_ORDERS_LIMIT,
    lineItemsFirst: ORDER_LINE_ITEMS_LIMIT,
  });
  return data.orders.nodes.slice(0, RECENT_ORDERS_LIMIT).map(mapOrder);
}

function mapOrder(order: OrderNode): RecentOrder {
  return {
    id: order.id,
    name: order.name,
    createdAt: order.createdAt,
    financialStatus: order.displayFinancialStatus,
    fulfillmentStatus: order.displayFulfillmentStatus,
    totalPrice: order.totalPriceSet.shopMoney.amount,
    currency: order.totalPriceSet.shopMoney.currencyCode,
    lineItems: order.lineItems.nodes.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      variant: item.variant?.title ?? null,
      variantId: item.variant?.id ?? null,
      sku: item.sku,
      productId: item.product?.id ?? null,
    })),
    shippingAddress: order.shippingAddress,
    customer: order.customer
      ? {
          id: order.customer.id,
          email: order.customer.defaultEmailAddress?.emailAddress ?? null,
          firstName: order.customer.firstName,
          lastName: order.customer.lastName,
          phone: order.customer.defaultPhoneNumber?.phoneNumber ?? null,
        }
      : null,
    tags: order.tags,
    note: order.note ?? "",
  };
}
