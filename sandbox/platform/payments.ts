import { argument, gid, GraphqlFieldError, type Resolver } from "./graphql";
import { paymentGatewaysOf, recordAction } from "./fulfillment";
import { requireScopes } from "./scopes";
import type { SimOrder } from "./seed";
import type { ShopState } from "./state";

/**
 * An order's money as the Admin API (2026-10) reads it, and `orderMarkAsPaid`: the platform records a sale of the
 * outstanding amount and the order reads PAID; it refuses an order with nothing outstanding (already paid, or
 * cancelled, whose current total is zero) in its recorded words, answering the order with the error
 * (docs/decisions/295). Needs `write_orders`.
 */

interface SimTransaction {
  id: number;
  kind: "SALE";
  status: "SUCCESS";
  gateway: string;
  amount: number;
  processedAt: string;
}

const transactions = new WeakMap<ShopState, Map<number, SimTransaction[]>>();
let nextId = 9_000_000_000;

function transactionsOf(shop: ShopState, orderId: number): SimTransaction[] {
  let byOrder = transactions.get(shop);
  if (!byOrder) {
    byOrder = new Map();
    transactions.set(shop, byOrder);
  }
  let list = byOrder.get(orderId);
  if (!list) {
    list = [];
    byOrder.set(orderId, list);
  }
  return list;
}

/** Money as the platform prints it in a MoneyBag ("12.5", "0.0"). */
const amount = (value: number) => (Number.isInteger(value) ? value.toFixed(1) : String(Number(value.toFixed(2))));
const bag = (value: number, currencyCode: string) => ({
  shopMoney: { amount: amount(value), currencyCode },
  presentmentMoney: { amount: amount(value), currencyCode },
});

/** What the buyer still owes: nothing once paid, and nothing on a cancelled order (its current total is zero). */
function outstanding(shop: ShopState, order: SimOrder) {
  const total = order.cancelledAt ? 0 : Number(order.totalPrice);
  const received = transactionsOf(shop, order.id).reduce((sum, transaction) => sum + transaction.amount, 0);
  return order.financialStatus === "paid" ? 0 : Math.max(0, total - received);
}

/** The order's financial fields, read beside its other fields. */
export function orderMoney(shop: ShopState, order: SimOrder) {
  const received = transactionsOf(shop, order.id).reduce((sum, transaction) => sum + transaction.amount, 0);
  const owed = outstanding(shop, order);
  return {
    displayFinancialStatus: order.financialStatus.toUpperCase(),
    currentTotalPriceSet: bag(order.cancelledAt ? 0 : Number(order.totalPrice), order.currency),
    totalOutstandingSet: bag(owed, order.currency),
    totalReceivedSet: bag(received, order.currency),
    netPaymentSet: bag(received, order.currency),
    totalRefundedSet: bag(0, order.currency),
    fullyPaid: owed === 0 && received > 0,
    unpaid: received === 0,
    canMarkAsPaid: owed > 0,
    transactions: transactionsOf(shop, order.id).map((transaction) => ({
      __typename: "OrderTransaction",
      id: gid("OrderTransaction", transaction.id),
      kind: transaction.kind,
      status: transaction.status,
      gateway: transaction.gateway,
      processedAt: transaction.processedAt,
      amountSet: bag(transaction.amount, order.currency),
    })),
  };
}

export const paymentResolvers: Record<string, Resolver> = {
  orderMarkAsPaid: (shop, field, variables, context) => {
    requireScopes(shop, "orderMarkAsPaid", ["write_orders"]);
    if (field.directives?.some((directive) => directive.name === "idempotent"))
      throw new GraphqlFieldError("The @idempotent directive is not supported on orderMarkAsPaid", "BAD_REQUEST");
    const input = argument(field, "input", variables) as { id?: string } | undefined;
    const order = shop.orders.find((candidate) => gid("Order", candidate.id) === input?.id);
    if (!order) return { order: null, userErrors: [{ field: ["id"], message: "Order does not exist." }] };
    const owed = outstanding(shop, order);
    if (owed <= 0) {
      recordAction(shop, order.id, "mark as paid refused", { financialStatus: order.financialStatus });
      context.emit(`orderMarkAsPaid ${order.name} refused: nothing outstanding`);
      return {
        order: payload(shop, order),
        userErrors: [{ field: ["id"], message: "Order cannot be marked as paid." }],
      };
    }
    const transaction: SimTransaction = {
      id: nextId++,
      kind: "SALE",
      status: "SUCCESS",
      // A manual payment method's order (cash on delivery) is paid through its own gateway.
      gateway: paymentGatewaysOf(order)[0] ?? "manual",
      amount: owed,
      processedAt: new Date().toISOString(),
    };
    transactionsOf(shop, order.id).push(transaction);
    order.financialStatus = "paid";
    order.updatedAt = transaction.processedAt;
    recordAction(shop, order.id, "marked as paid", { amount: amount(owed), gateway: transaction.gateway });
    context.emit(`orderMarkAsPaid ${order.name}: ${amount(owed)} ${order.currency} received`);
    return { order: payload(shop, order), userErrors: [] };
  },
};

function payload(shop: ShopState, order: SimOrder) {
  return {
    __typename: "Order",
    id: gid("Order", order.id),
    name: order.name,
    paymentGatewayNames: paymentGatewaysOf(order),
    ...orderMoney(shop, order),
  };
}
