import { gid, type Resolver, type RootField } from "./graphql";
import { inputOf } from "./inputs";
import { recordAction } from "./fulfillment";
import { requireScopes } from "./scopes";
import type { SimOrder } from "./seed";
import { fulfilledLines } from "./shipments";
import type { ShopState } from "./state";

/**
 * Returns (Admin API 2026-10) for a parcel that came back after it was fulfilled: `returnCreate` opens a return
 * (OPEN) for fulfilled lines, `returnProcess` confirms the lines back and closes the return when nothing is left.
 * Both need `write_returns`. The refusals use the platform's recorded words (docs/decisions/295); while a return is
 * open the order cannot be cancelled.
 */

interface SimReturn {
  id: number;
  order: SimOrder;
  name: string;
  status: "OPEN" | "CLOSED";
  lines: { id: number; fulfillmentLineItemId: string; quantity: number; processed: number; reason: string | null }[];
  closedAt: string | null;
}

const returns = new WeakMap<ShopState, SimReturn[]>();
let nextId = 9_500_000_000;

function returnsOf(shop: ShopState): SimReturn[] {
  let list = returns.get(shop);
  if (!list) {
    list = [];
    returns.set(shop, list);
  }
  return list;
}

export const orderReturns = (shop: ShopState, orderId: number) =>
  returnsOf(shop).filter((candidate) => candidate.order.id === orderId);

export function returnNode(entry: SimReturn) {
  const lines = entry.lines.map((line) => ({
    id: gid("ReturnLineItem", line.id),
    quantity: line.quantity,
    processedQuantity: line.processed,
    unprocessedQuantity: line.quantity - line.processed,
    returnReason: line.reason,
    fulfillmentLineItem: { id: line.fulfillmentLineItemId },
  }));
  return {
    __typename: "Return",
    id: gid("Return", entry.id),
    name: entry.name,
    status: entry.status,
    closedAt: entry.closedAt,
    totalQuantity: entry.lines.reduce((sum, line) => sum + line.quantity, 0),
    returnLineItems: { nodes: lines, edges: lines.map((node) => ({ node })) },
    order: { id: gid("Order", entry.order.id), name: entry.order.name },
  };
}

type ReturnUserError = { field: string[] | null; message: string; code: string };
const refused = (userErrors: ReturnUserError[]) => ({ return: null, userErrors });

function createReturn(shop: ShopState, field: RootField, variables: Record<string, unknown>) {
  const input = inputOf<{
    orderId?: string;
    returnLineItems?: { fulfillmentLineItemId?: string; quantity?: number; returnReason?: string }[];
  }>(field, "returnInput", variables);
  const order = shop.orders.find((candidate) => gid("Order", candidate.id) === input.orderId);
  if (!order)
    return refused([{ field: ["returnInput", "orderId"], message: "Order does not exist.", code: "NOT_FOUND" }]);
  const fulfilled = fulfilledLines(shop, order.id);
  const taken = new Map<string, number>();
  for (const entry of orderReturns(shop, order.id))
    for (const line of entry.lines)
      taken.set(line.fulfillmentLineItemId, (taken.get(line.fulfillmentLineItemId) ?? 0) + line.quantity);
  const userErrors: ReturnUserError[] = [];
  const items = input.returnLineItems ?? [];
  items.forEach((item, index) => {
    const at = ["returnInput", "returnLineItems", String(index)];
    const line = fulfilled.get(item.fulfillmentLineItemId ?? "");
    if (!line)
      return userErrors.push({
        field: [...at, "fulfillmentLineItemId"],
        message: "Fulfillment Line Item was not found.",
        code: "NOT_FOUND",
      });
    const quantity = Number(item.quantity);
    const left = line.quantity - (taken.get(item.fulfillmentLineItemId!) ?? 0);
    if (!(quantity > 0) || quantity > left)
      userErrors.push({
        field: [...at, "quantity"],
        message: "Return line item has an invalid quantity.",
        code: "INVALID",
      });
    taken.set(item.fulfillmentLineItemId!, (taken.get(item.fulfillmentLineItemId!) ?? 0) + quantity);
  });
  if (!items.length)
    userErrors.push({
      field: ["returnInput", "returnLineItems"],
      message: "Return must have at least one line item.",
      code: "BLANK",
    });
  if (userErrors.length) return refused(userErrors);
  const entry: SimReturn = {
    id: nextId++,
    order,
    name: `${order.name}-R${orderReturns(shop, order.id).length + 1}`,
    status: "OPEN",
    lines: items.map((item) => ({
      id: nextId++,
      fulfillmentLineItemId: item.fulfillmentLineItemId!,
      quantity: Number(item.quantity),
      processed: 0,
      reason: item.returnReason ?? null,
    })),
    closedAt: null,
  };
  returnsOf(shop).push(entry);
  order.returnStatus = "IN_PROGRESS";
  order.updatedAt = new Date().toISOString();
  recordAction(shop, order.id, "return created", { returnId: gid("Return", entry.id) });
  return { return: returnNode(entry), userErrors: [] };
}

function processReturn(shop: ShopState, field: RootField, variables: Record<string, unknown>) {
  const input = inputOf<{ returnId?: string; returnLineItems?: { id?: string; quantity?: number }[] }>(
    field,
    "input",
    variables,
  );
  const entry = returnsOf(shop).find((candidate) => gid("Return", candidate.id) === input.returnId);
  if (!entry) return refused([{ field: ["input", "returnId"], message: "Return does not exist.", code: "NOT_FOUND" }]);
  if (entry.status !== "OPEN")
    return refused([{ field: ["input", "returnId"], message: "Return status is invalid.", code: "INVALID_STATE" }]);
  const userErrors: ReturnUserError[] = [];
  const plan = (input.returnLineItems ?? []).map((item, index) => {
    const line = entry.lines.find((candidate) => gid("ReturnLineItem", candidate.id) === item.id);
    const quantity = Number(item.quantity);
    if (!line || !(quantity > 0) || quantity > line.quantity - line.processed)
      userErrors.push({
        field: ["input", "returnLineItems", String(index), "quantity"],
        message: "Return line item has an invalid quantity.",
        code: "INVALID",
      });
    return { line, quantity };
  });
  if (userErrors.length) return refused(userErrors);
  for (const { line, quantity } of plan) line!.processed += quantity;
  if (entry.lines.every((line) => line.processed >= line.quantity)) {
    entry.status = "CLOSED";
    entry.closedAt = new Date().toISOString();
  }
  if (orderReturns(shop, entry.order.id).every((candidate) => candidate.status === "CLOSED"))
    entry.order.returnStatus = "RETURNED";
  entry.order.updatedAt = new Date().toISOString();
  recordAction(shop, entry.order.id, "return processed", { returnId: gid("Return", entry.id), status: entry.status });
  return { return: returnNode(entry), userErrors: [] };
}

export const returnResolvers: Record<string, Resolver> = {
  returnCreate: (shop, field, variables, context) => {
    requireScopes(shop, "returnCreate", ["write_returns"]);
    const answer = createReturn(shop, field, variables);
    context.emit(answer.return ? `returnCreate ${answer.return.name}` : `returnCreate refused`);
    return answer;
  },
  returnProcess: (shop, field, variables, context) => {
    requireScopes(shop, "returnProcess", ["write_returns"]);
    const answer = processReturn(shop, field, variables);
    context.emit(
      answer.return ? `returnProcess ${answer.return.name}: ${answer.return.status}` : `returnProcess refused`,
    );
    return answer;
  },
};
