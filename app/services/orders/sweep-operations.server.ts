import { platformGraphql, type GraphqlOptions, type PlatformSession } from "../platform/graphql.server";

/**
 * The reconciliation sweep's platform reads (docs/decisions/221). Two steps keep it cheap: a page lists only ids
 * (a small query cost, 250 per page), and only the orders the app never received are read in full, a few at a time.
 */

export const SWEEP_ORDER_IDS = `#graphql
  query SweepOrderIds($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes { id createdAt }
    }
  }`;

export const SWEEP_DRAFT_ORDER_IDS = `#graphql
  query SweepDraftOrderIds($first: Int!, $after: String, $query: String!) {
    draftOrders(first: $first, after: $after, query: $query, sortKey: ID) {
      pageInfo { hasNextPage endCursor }
      nodes { id createdAt }
    }
  }`;

/** The fields the payload builder reads from an order in GraphQL shape (payloads.server.ts), nothing more. */
export const SWEEP_ORDERS = `#graphql
  query SweepOrders($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Order {
        id
        name
        createdAt
        email
        phone
        test
        note
        tags
        cancelledAt
        displayFinancialStatus
        displayFulfillmentStatus
        totalPriceSet { shopMoney { amount currencyCode } }
        customer {
          id
          firstName
          lastName
          defaultEmailAddress { emailAddress }
          defaultPhoneNumber { phoneNumber }
          defaultAddress { countryCodeV2 phone }
        }
        shippingAddress { firstName lastName address1 city province country countryCodeV2 zip phone }
        billingAddress { countryCodeV2 phone }
        lineItems(first: 50) {
          nodes {
            id
            name
            title
            quantity
            sku
            originalUnitPriceSet { shopMoney { amount currencyCode } }
            variant { id sku }
            product { id }
          }
        }
      }
    }
  }`;

export const SWEEP_DRAFT_ORDERS = `#graphql
  query SweepDraftOrders($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on DraftOrder {
        id
        name
        createdAt
        email
        currencyCode
        totalPriceSet { shopMoney { amount currencyCode } }
        customer { id firstName lastName defaultEmailAddress { emailAddress } }
        lineItems(first: 50) {
          nodes {
            id
            title
            name
            quantity
            sku
            originalUnitPriceSet { shopMoney { amount currencyCode } }
            variant { id sku }
          }
        }
      }
    }
  }`;

export interface ListedResource {
  id: string;
  createdAt: string;
}

interface IdPage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: ListedResource[];
}

export type SweptKind = "orders" | "draftOrders";

/** One page of ids of orders or draft orders created in [from, until). */
export async function listCreatedIds(
  session: PlatformSession,
  kind: SweptKind,
  window: { from: Date; until: Date },
  page: { first: number; after: string | null },
  options: GraphqlOptions = {},
): Promise<IdPage> {
  const query = `created_at:>='${window.from.toISOString()}' created_at:<'${window.until.toISOString()}'`;
  const variables = { first: page.first, after: page.after, query };
  if (kind === "orders") {
    return (await platformGraphql(session, SWEEP_ORDER_IDS, variables, options)).orders;
  }
  return (await platformGraphql(session, SWEEP_DRAFT_ORDER_IDS, variables, options)).draftOrders;
}

/** The full orders (or draft orders) of these ids; one the platform no longer has is left out. */
export async function readResources(
  session: PlatformSession,
  kind: SweptKind,
  ids: string[],
  options: GraphqlOptions = {},
): Promise<Record<string, unknown>[]> {
  const query = kind === "orders" ? SWEEP_ORDERS : SWEEP_DRAFT_ORDERS;
  const data = await platformGraphql(session, query, { ids }, options);
  // A node that is not of the kind asked for answers `{}`; one the platform no longer has answers null.
  type Found = Extract<NonNullable<(typeof data.nodes)[number]>, { id: string }>;
  return data.nodes.filter((node): node is Found => node !== null && "id" in node && typeof node.id === "string");
}
