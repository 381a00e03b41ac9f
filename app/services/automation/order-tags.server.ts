import { AppError } from "../../lib/http.server";
import { PlatformApiError } from "../platform/errors.server";
import { platformGraphql, type GraphqlOptions, type PlatformSession } from "../platform/graphql.server";

export const ORDER_BY_NAME = `#graphql
  query OrderByName($query: String!) {
    orders(first: 1, query: $query) {
      nodes { id name tags }
    }
  }`;

export const ORDER_BY_ID = `#graphql
  query OrderById($id: ID!) {
    order(id: $id) { id name tags }
  }`;

export const ORDER_TAGS_ADD = `#graphql
  mutation OrderTagsAdd($id: ID!, $tags: [String!]!) {
    tagsAdd(id: $id, tags: $tags) {
      node { id }
      userErrors { field message }
    }
  }`;

export const ORDER_TAGS_REMOVE = `#graphql
  mutation OrderTagsRemove($id: ID!, $tags: [String!]!) {
    tagsRemove(id: $id, tags: $tags) {
      node { id }
      userErrors { field message }
    }
  }`;

export interface FoundOrder {
  id: string;
  name: string;
}

export const PROTECTED_DATA_MESSAGE =
  "The platform denied access to the shop's orders: the app needs the protected customer data approval " +
  "(Partner Dashboard, API access, Protected customer data) before the callback can find orders";

/**
 * Finds an order by its name (`#1001` or the shop's own format, the primary identifier) or else by its GraphQL
 * id. The name search is a full-text query, so the answer is checked for an exact name match.
 */
export async function findOrder(
  session: PlatformSession,
  ref: { orderName?: string | null; orderId?: string | null },
  options: GraphqlOptions = {},
): Promise<FoundOrder | null> {
  return withAccessDenied(async () => {
    if (ref.orderName) {
      const name = platformOrderName(ref.orderName);
      const data = await platformGraphql(session, ORDER_BY_NAME, { query: `name:${name}` }, options);
      const match = data.orders.nodes.find((order) => order.name === name);
      if (match) return { id: match.id, name: match.name };
    }
    if (ref.orderId) {
      const data = await platformGraphql(session, ORDER_BY_ID, { id: ref.orderId }, options);
      if (data.order) return { id: data.order.id, name: data.order.name };
    }
    return null;
  });
}

/**
 * Adds tags to an order (never removes any); tagsAdd is idempotent, so a repeat is harmless. False when the
 * platform answers that the order does not exist (no node, and any user error points at the id): an order
 * deleted since its webhook, or an id from elsewhere. Any other refusal is a 502.
 */
export async function addOrderTags(
  session: PlatformSession,
  orderId: string,
  tags: string[],
  options: GraphqlOptions = {},
): Promise<boolean> {
  return withAccessDenied(async () => {
    const data = await platformGraphql(session, ORDER_TAGS_ADD, { id: orderId, tags }, options);
    const problems = data.tagsAdd?.userErrors ?? [];
    if (!data.tagsAdd?.node && problems.every((problem) => problem.field?.[0] === "id")) return false;
    if (problems.length) {
      throw new AppError(502, `The platform refused the tags: ${problems.map((p) => p.message).join("; ")}`);
    }
    return true;
  });
}

/**
 * Removes outcome tags a later outcome made stale (docs/decisions/100-flow-failed-status.md). Removing a tag the
 * order no longer has is harmless; any refusal is a 502, like tagsAdd's.
 */
export async function removeOrderTags(
  session: PlatformSession,
  orderId: string,
  tags: string[],
  options: GraphqlOptions = {},
): Promise<void> {
  if (!tags.length) return;
  await withAccessDenied(async () => {
    const data = await platformGraphql(session, ORDER_TAGS_REMOVE, { id: orderId, tags }, options);
    const problems = data.tagsRemove?.userErrors ?? [];
    if (problems.length) {
      throw new AppError(502, `The platform refused to remove the tags: ${problems.map((p) => p.message).join("; ")}`);
    }
  });
}

/**
 * The order name as the platform stores it. A bare number is the default format (`1001` is `#1001`); a shop
 * may choose its own prefix or suffix (`CO-1001`), and the payload sent such a name as it is, so it comes back so.
 */
export function platformOrderName(name: string) {
  return /^\d+$/.test(name) ? `#${name}` : name;
}

async function withAccessDenied<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PlatformApiError && error.codes.includes("ACCESS_DENIED")) {
      throw new AppError(403, PROTECTED_DATA_MESSAGE, "ACCESS_DENIED");
    }
    throw error;
  }
}
