import { argument, GraphqlFieldError, type Resolver } from "./graphql";
import { fulfillmentOrdersOf, orderWithFulfillment } from "./fulfillment";
import { orderMoney, paymentResolvers } from "./payments";
import { orderReturns, returnNode, returnResolvers } from "./returns";
import { orderRisk } from "./risk";
import { shipmentResolvers } from "./shipment-mutations";
import { findFulfillment, fulfillmentNode, fulfillmentOrderLineItems, fulfillmentsOf } from "./shipments";
import type { SimOrder } from "./seed";
import type { ShopState } from "./state";

/**
 * `order(id:)` as the app reads a parcel's journey: the order with its fulfilment orders (and their lines), its
 * fulfilments with tracking and events, its money and its returns, one answer composed from the modules that own each part.
 */
export function orderJourney(shop: ShopState, order: SimOrder) {
  const base = orderWithFulfillment(shop, order);
  const fulfillmentOrders = fulfillmentOrdersOf(shop, order.id);
  const nodes = base.fulfillmentOrders.nodes.map((node, index) => ({
    ...node,
    lineItems: fulfillmentOrderLineItems(shop, fulfillmentOrders[index]),
  }));
  return {
    ...base,
    ...orderMoney(shop, order),
    fulfillmentOrders: { nodes, edges: nodes.map((node) => ({ node })) },
    fulfillments: fulfillmentsOf(shop, order.id).map(fulfillmentNode),
    returnStatus: order.returnStatus ?? "NO_RETURN",
    returns: { nodes: orderReturns(shop, order.id).map(returnNode) },
    risk: orderRisk(order),
  };
}

/** The order and fulfilment reads and the journey's mutations, for graphql.ts's resolver lookup. */
export const orderJourneyResolvers: Record<string, Resolver> = {
  order: (shop, field, variables) => {
    const match = /^gid:\/\/(?:shopify|platform)\/Order\/(\d+)$/.exec(String(argument(field, "id", variables) ?? ""));
    if (!match) throw new GraphqlFieldError("Invalid global id", "argumentLiteralsIncompatible");
    const order = shop.orders.find((candidate) => candidate.id === Number(match[1]));
    return order ? orderJourney(shop, order) : null;
  },
  // A fulfilment by its id (QueryRoot.fulfillment), as the journey reads its events before adding one.
  fulfillment: (shop, field, variables) => {
    const fulfillment = findFulfillment(shop, argument(field, "id", variables));
    return fulfillment ? fulfillmentNode(fulfillment) : null;
  },
  ...shipmentResolvers,
  ...paymentResolvers,
  ...returnResolvers,
};
