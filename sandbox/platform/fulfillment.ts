import { randomUUID } from "node:crypto";
import { HttpError, type Router, type SimRequest } from "../lib/http";
import { argument, gid, GraphqlFieldError, orderNode, type Resolver } from "./graphql";
import type { SimOrder } from "./seed";
import type { ShopState } from "./state";

/**
 * Fulfilment orders, their holds and the order's cancel, as the platform (Admin API 2026-10) has them: routing
 * creates an order's fulfilment order a moment after the order and sends `fulfillment_orders/order_routing_complete`;
 * `fulfillmentOrderHold` places a hold with the app's handle (at most 10 per app per fulfilment order, a handle once
 * per app); `fulfillmentOrderReleaseHold` releases the holds named (all of them when none is named, as the
 * platform warns); `orderCancel` answers with a job and cancels a moment later, refusing an order already cancelled
 * or with fulfilments. The merchant's own actions (fulfil, release, cancel) and a hold placed by another app come on
 * command under /sim/fulfillment.
 */

/** Who placed a hold: the app calling the API, another app, or the merchant in the admin. */
export type HoldOwner = "app" | "other-app" | "merchant";

export interface SimHold {
  id: number;
  handle: string | null;
  reason: string;
  reasonNotes: string | null;
  owner: HoldOwner;
  createdAt: string;
}

export type FulfillmentOrderStatus = "OPEN" | "ON_HOLD" | "SCHEDULED" | "IN_PROGRESS" | "CLOSED" | "CANCELLED";

export interface SimFulfillmentOrder {
  id: number;
  orderId: number;
  status: FulfillmentOrderStatus;
  holds: SimHold[];
  createdAt: string;
  updatedAt: string;
}

/** What happened to a shop's fulfilment orders, in order, for a test to assert on (GET /sim/fulfillment). */
export interface FulfillmentEvent {
  at: string;
  orderId: number;
  action: string;
  detail: Record<string, unknown>;
}

export interface OrderCancelRecord {
  reason: string | null;
  restock: boolean;
  notifyCustomer: boolean;
  staffNote: string | null;
  jobId: string;
  restocked: { variantId: number; quantity: number }[];
}

interface ShopFulfillment {
  byOrder: Map<number, SimFulfillmentOrder[]>;
  cancels: Map<number, OrderCancelRecord>;
  events: FulfillmentEvent[];
}

/** The platform allows an app this many active holds on one fulfilment order. */
export const MAX_HOLDS_PER_APP = 10;
/** How long the platform's cancel job takes before the order reads as cancelled. */
const CANCEL_JOB_MS = 100;

const state = new WeakMap<ShopState, ShopFulfillment>();
let nextId = 7_000_000_000;

function fulfillmentOf(shop: ShopState): ShopFulfillment {
  let found = state.get(shop);
  if (!found) {
    found = { byOrder: new Map(), cancels: new Map(), events: [] };
    state.set(shop, found);
  }
  return found;
}

/** Adds one action to the shop's list that GET /sim/fulfillment answers (fulfilments and payments record here too). */
export function recordAction(shop: ShopState, orderId: number, action: string, detail: Record<string, unknown> = {}) {
  fulfillmentOf(shop).events.push({ at: new Date().toISOString(), orderId, action, detail });
}

export function fulfillmentOrdersOf(shop: ShopState, orderId: number): SimFulfillmentOrder[] {
  return fulfillmentOf(shop).byOrder.get(orderId) ?? [];
}

export function findFulfillmentOrder(shop: ShopState, id: unknown): SimFulfillmentOrder | undefined {
  const match = /^gid:\/\/(?:shopify|platform)\/FulfillmentOrder\/(\d+)$/.exec(String(id ?? ""));
  if (!match) throw new GraphqlFieldError(`Invalid global id '${String(id)}'`, "argumentLiteralsIncompatible");
  const wanted = Number(match[1]);
  for (const list of fulfillmentOf(shop).byOrder.values()) {
    const found = list.find((candidate) => candidate.id === wanted);
    if (found) return found;
  }
  return undefined;
}

/** A fulfilment order with holds is ON_HOLD; without, it goes back to OPEN (unless it moved on). */
function settleStatus(fulfillmentOrder: SimFulfillmentOrder) {
  if (fulfillmentOrder.status === "ON_HOLD" && !fulfillmentOrder.holds.length) fulfillmentOrder.status = "OPEN";
  if (fulfillmentOrder.status === "OPEN" && fulfillmentOrder.holds.length) fulfillmentOrder.status = "ON_HOLD";
  fulfillmentOrder.updatedAt = new Date().toISOString();
}

/** Routing: the order's fulfilment order comes into being (once per order). Returns it, or null when it exists. */
export function routeOrder(shop: ShopState, order: SimOrder): SimFulfillmentOrder | null {
  const fulfillment = fulfillmentOf(shop);
  if (fulfillment.byOrder.has(order.id)) return null;
  const now = new Date().toISOString();
  const fulfillmentOrder: SimFulfillmentOrder = {
    id: nextId++,
    orderId: order.id,
    status: order.cancelledAt ? "CLOSED" : "OPEN",
    holds: [],
    createdAt: now,
    updatedAt: now,
  };
  fulfillment.byOrder.set(order.id, [fulfillmentOrder]);
  recordAction(shop, order.id, "routed", { fulfillmentOrderId: gid("FulfillmentOrder", fulfillmentOrder.id) });
  return fulfillmentOrder;
}

/**
 * A new open fulfilment order for work given back (fulfillmentCancel: the platform "creates new fulfillment orders
 * for the cancelled items so they can be fulfilled again").
 */
export function openReplacementFulfillmentOrder(shop: ShopState, orderId: number): SimFulfillmentOrder {
  const now = new Date().toISOString();
  const fulfillmentOrder: SimFulfillmentOrder = {
    id: nextId++,
    orderId,
    status: "OPEN",
    holds: [],
    createdAt: now,
    updatedAt: now,
  };
  const fulfillment = fulfillmentOf(shop);
  fulfillment.byOrder.set(orderId, [...(fulfillment.byOrder.get(orderId) ?? []), fulfillmentOrder]);
  return fulfillmentOrder;
}

/** fulfillment_orders/order_routing_complete as the platform posts it. */
export function routingCompletePayload(fulfillmentOrder: SimFulfillmentOrder) {
  return {
    fulfillment_order: {
      id: gid("FulfillmentOrder", fulfillmentOrder.id),
      status: fulfillmentOrder.status.toLowerCase(),
    },
  };
}

function holdNode(hold: SimHold) {
  return {
    id: gid("FulfillmentHold", hold.id),
    handle: hold.handle,
    reason: hold.reason,
    reasonNotes: hold.reasonNotes,
    displayReason: hold.reason === "AWAITING_PAYMENT" ? "Awaiting payment" : "Other",
    heldByRequestingApp: hold.owner === "app",
    heldByApp: hold.owner === "merchant" ? null : { id: gid("App", hold.owner === "app" ? 1 : 2) },
  };
}

function fulfillmentOrderNode(shop: ShopState, fulfillmentOrder: SimFulfillmentOrder) {
  const order = shop.orders.find((candidate) => candidate.id === fulfillmentOrder.orderId);
  return {
    __typename: "FulfillmentOrder",
    id: gid("FulfillmentOrder", fulfillmentOrder.id),
    status: fulfillmentOrder.status,
    createdAt: fulfillmentOrder.createdAt,
    updatedAt: fulfillmentOrder.updatedAt,
    fulfillmentHolds: fulfillmentOrder.holds.map(holdNode),
    order: order ? orderWithFulfillment(shop, order) : null,
  };
}

/** The order's payment gateways: a storefront order of the demo shop is paid cash on delivery. */
export const paymentGatewaysOf = (order: SimOrder) => [...(order.paymentGatewayNames ?? ["Cash on Delivery (COD)"])];

/** The order as the API answers it, with its payment gateways and fulfilment orders. */
export function orderWithFulfillment(shop: ShopState, order: SimOrder) {
  const fulfillmentOrders = fulfillmentOrdersOf(shop, order.id).map((fulfillmentOrder) => ({
    __typename: "FulfillmentOrder",
    id: gid("FulfillmentOrder", fulfillmentOrder.id),
    status: fulfillmentOrder.status,
    createdAt: fulfillmentOrder.createdAt,
    updatedAt: fulfillmentOrder.updatedAt,
    fulfillmentHolds: fulfillmentOrder.holds.map(holdNode),
  }));
  return {
    ...orderNode(order),
    cancellation: order.cancelledAt ? { staffNote: order.cancelStaffNote ?? null } : null,
    paymentGatewayNames: paymentGatewaysOf(order),
    fulfillmentOrders: { nodes: fulfillmentOrders, edges: fulfillmentOrders.map((node) => ({ node })) },
  };
}

const holdUserError = (code: string | null, message: string, field: string[] | null = ["id"]) => ({
  fulfillmentHold: null,
  fulfillmentOrder: null,
  remainingFulfillmentOrder: null,
  userErrors: [{ field, message, code }],
});

/** Places a hold as `owner`; the same checks whoever asks (the handle and the limit are per app). */
export function placeHold(
  shop: ShopState,
  fulfillmentOrder: SimFulfillmentOrder,
  owner: HoldOwner,
  input: { handle?: string | null; reason?: string; reasonNotes?: string | null },
) {
  if (!["OPEN", "ON_HOLD", "SCHEDULED"].includes(fulfillmentOrder.status)) {
    return holdUserError(null, `Cannot hold a fulfillment order with status ${fulfillmentOrder.status.toLowerCase()}`);
  }
  const handle = input.handle?.trim() || null;
  if (handle && handle.length > 64)
    return holdUserError(null, "Handle is too long (maximum is 64 characters)", ["fulfillmentHold", "handle"]);
  const own = fulfillmentOrder.holds.filter((hold) => hold.owner === owner);
  if (owner !== "merchant" && handle && own.some((hold) => hold.handle === handle)) {
    return holdUserError(
      "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
      "The handle provided for the fulfillment hold is already in use by this app for another hold on this fulfillment order.",
      ["fulfillmentHold", "handle"],
    );
  }
  if (owner !== "merchant" && own.length >= MAX_HOLDS_PER_APP) {
    return holdUserError(
      "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED",
      "The maximum number of fulfillment holds for this fulfillment order has been reached for this app. An app can only have up to 10 holds on a single fulfillment order at any one time.",
    );
  }
  const hold: SimHold = {
    id: nextId++,
    handle,
    reason: input.reason ?? "OTHER",
    reasonNotes: input.reasonNotes ?? null,
    owner,
    createdAt: new Date().toISOString(),
  };
  fulfillmentOrder.holds.push(hold);
  settleStatus(fulfillmentOrder);
  recordAction(shop, fulfillmentOrder.orderId, "hold", { owner, handle, holdId: gid("FulfillmentHold", hold.id) });
  return {
    fulfillmentHold: holdNode(hold),
    fulfillmentOrder: fulfillmentOrderNode(shop, fulfillmentOrder),
    remainingFulfillmentOrder: null,
    userErrors: [],
  };
}

/** Cancels the order as the platform's job does: fulfilment orders closed, holds gone, stock back when asked. */
function cancelNow(shop: ShopState, order: SimOrder, restock: boolean, staffNote: string | null) {
  order.cancelledAt = new Date().toISOString();
  order.cancelStaffNote = staffNote;
  order.updatedAt = order.cancelledAt;
  for (const fulfillmentOrder of fulfillmentOrdersOf(shop, order.id)) {
    fulfillmentOrder.holds = [];
    fulfillmentOrder.status = "CLOSED";
    fulfillmentOrder.updatedAt = order.cancelledAt;
  }
  const restocked: { variantId: number; quantity: number }[] = [];
  if (restock) {
    for (const item of order.lineItems) {
      const variant = shop.products.flatMap((product) => product.variants).find((v) => v.id === item.variantId);
      if (!variant) continue;
      variant.inventoryQuantity += item.quantity;
      restocked.push({ variantId: variant.id, quantity: item.quantity });
    }
  }
  return restocked;
}

/** Why the platform refuses to cancel this order now; null when it may. */
function cancelRefusal(shop: ShopState, order: SimOrder): string | null {
  if (order.cancelledAt) return "Cannot cancel an order that has already been canceled";
  if (fulfillmentOrdersOf(shop, order.id).some((fulfillmentOrder) => fulfillmentOrder.status === "IN_PROGRESS"))
    return "Cannot cancel an order with outstanding fulfillments: the fulfillment service has accepted it";
  // The platform's words (recorded on 2026-04); the fulfilments have to be cancelled first (docs/decisions/295).
  if (order.fulfillmentStatus === "fulfilled" || order.fulfillmentStatus === "partial")
    return "Cannot cancel an order that has outstanding fulfillments";
  // The platform's criteria name "no active returns in progress"; its words for it were not recorded.
  if (order.returnStatus === "IN_PROGRESS") return "Cannot cancel an order that has a return in progress";
  if (fulfillmentOf(shop).cancels.has(order.id)) return "Order is already being cancelled";
  return null;
}

export const fulfillmentResolvers: Record<string, Resolver> = {
  fulfillmentOrder: (shop, field, variables) => {
    const fulfillmentOrder = findFulfillmentOrder(shop, argument(field, "id", variables));
    return fulfillmentOrder ? fulfillmentOrderNode(shop, fulfillmentOrder) : null;
  },
  fulfillmentOrderHold: (shop, field, variables, context) => {
    const fulfillmentOrder = findFulfillmentOrder(shop, argument(field, "id", variables));
    if (!fulfillmentOrder)
      return holdUserError("FULFILLMENT_ORDER_NOT_FOUND", "The fulfillment order could not be found.");
    const input = holdInput(field.args, variables);
    const answer = placeHold(shop, fulfillmentOrder, "app", input);
    context.emit(
      answer.userErrors.length
        ? `fulfillmentOrderHold refused: ${answer.userErrors[0].message}`
        : `fulfillmentOrderHold "${input.handle ?? ""}" on FulfillmentOrder/${fulfillmentOrder.id}`,
    );
    return answer;
  },
  fulfillmentOrderReleaseHold: (shop, field, variables, context) => {
    const fulfillmentOrder = findFulfillmentOrder(shop, argument(field, "id", variables));
    if (!fulfillmentOrder)
      return {
        fulfillmentOrder: null,
        userErrors: [
          { field: ["id"], message: "The fulfillment order could not be found.", code: "FULFILLMENT_ORDER_NOT_FOUND" },
        ],
      };
    const holdIds = argument(field, "holdIds", variables) as string[] | undefined;
    // Holds are released only if they are this fulfilment order's; none named releases every hold on it.
    const named = holdIds
      ? fulfillmentOrder.holds.filter((hold) => holdIds.includes(gid("FulfillmentHold", hold.id)))
      : fulfillmentOrder.holds;
    if (named.some((hold) => hold.owner !== "app")) {
      return {
        fulfillmentOrder: null,
        userErrors: [
          { field: ["holdIds"], message: "The app can't release a hold it didn't place.", code: "INVALID_ACCESS" },
        ],
      };
    }
    fulfillmentOrder.holds = fulfillmentOrder.holds.filter((hold) => !named.includes(hold));
    settleStatus(fulfillmentOrder);
    recordAction(shop, fulfillmentOrder.orderId, "release", {
      owner: "app",
      holdIds: named.map((hold) => gid("FulfillmentHold", hold.id)),
    });
    context.emit(`fulfillmentOrderReleaseHold ${named.length} hold(s) on FulfillmentOrder/${fulfillmentOrder.id}`);
    return { fulfillmentOrder: fulfillmentOrderNode(shop, fulfillmentOrder), userErrors: [] };
  },
  // The platform cancels in a job: the order reads as cancelled a moment after the answer.
  orderCancel: (shop, field, variables, context) => {
    const id = argument(field, "orderId", variables);
    const order = shop.orders.find((candidate) => gid("Order", candidate.id) === id);
    const refuse = (message: string, code: string) => ({
      job: null,
      orderCancelUserErrors: [{ field: ["orderId"], message, code }],
      userErrors: [{ field: ["orderId"], message }],
    });
    if (!order) return refuse("Order does not exist", "NOT_FOUND");
    const refusal = cancelRefusal(shop, order);
    if (refusal) {
      recordAction(shop, order.id, "cancel refused", { message: refusal });
      context.emit(`orderCancel ${order.name} refused: ${refusal}`);
      return refuse(refusal, "INVALID");
    }
    const restock = argument(field, "restock", variables) === true;
    const jobId = randomUUID();
    const cancel: OrderCancelRecord = {
      reason: literalOrVariable(field.args, "reason", variables),
      restock,
      notifyCustomer: argument(field, "notifyCustomer", variables) === true,
      staffNote: (argument(field, "staffNote", variables) as string | undefined) ?? null,
      jobId: gid("Job", jobId),
      restocked: [],
    };
    fulfillmentOf(shop).cancels.set(order.id, cancel);
    recordAction(shop, order.id, "cancel requested", { ...cancel });
    setTimeout(() => {
      // The merchant may have fulfilled or cancelled meanwhile: the job then ends without changing the order.
      if (order.cancelledAt || order.fulfillmentStatus === "fulfilled") {
        recordAction(shop, order.id, "cancel job failed", { jobId: cancel.jobId });
        return;
      }
      cancel.restocked = cancelNow(shop, order, restock, cancel.staffNote);
      recordAction(shop, order.id, "cancelled", { by: "app", restocked: cancel.restocked });
      context.emit(`order ${order.name} cancelled${restock ? " (restocked)" : ""}`);
      context.orderCancelled?.(order);
    }, CANCEL_JOB_MS).unref();
    return { job: { id: cancel.jobId, done: false }, orderCancelUserErrors: [], userErrors: [] };
  },
};

/** An enum argument (`reason: CUSTOMER`) or its variable. */
function literalOrVariable(args: string, name: string, variables: Record<string, unknown>): string | null {
  const match = new RegExp(`\\b${name}\\s*:\\s*(\\$\\w+|[A-Z_]+)`).exec(args);
  if (!match) return null;
  return match[1].startsWith("$") ? ((variables[match[1].slice(1)] as string | undefined) ?? null) : match[1];
}

/** The fulfillmentHold input: a variable, or an object literal whose fields are literals or variables. */
function holdInput(args: string, variables: Record<string, unknown>) {
  const whole = /\bfulfillmentHold\s*:\s*\$(\w+)/.exec(args);
  if (whole) return (variables[whole[1]] ?? {}) as { handle?: string; reason?: string; reasonNotes?: string };
  const value = (name: string) => {
    const match = new RegExp(`\\b${name}\\s*:\\s*(\\$\\w+|"(?:[^"\\\\]|\\\\.)*"|[A-Z_]+)`).exec(args);
    if (!match) return undefined;
    const raw = match[1];
    if (raw.startsWith("$")) return variables[raw.slice(1)] as string | undefined;
    return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  };
  return { handle: value("handle"), reason: value("reason"), reasonNotes: value("reasonNotes") };
}

const holdStall = { count: 0, ms: 0 };

/** How long to hold back the answer of an operation that placed a hold (0: answer now). */
export function holdAnswerDelay(rootFieldNames: string[]): number {
  if (!holdStall.count || !rootFieldNames.includes("fulfillmentOrderHold")) return 0;
  holdStall.count--;
  return holdStall.ms;
}

const lostAnswers = new Map<string, number>();

/**
 * Whether the answer of an operation that ran is lost on the way back (the caller gets a 502): the next `count` runs
 * of a root field set by POST /sim/fulfillment/lose-answer, after the platform made their change.
 */
export function answerLost(rootFieldNames: string[]): boolean {
  const field = rootFieldNames.find((name) => (lostAnswers.get(name) ?? 0) > 0);
  if (!field) return false;
  lostAnswers.set(field, lostAnswers.get(field)! - 1);
  return true;
}

/** How routing behaves: after `delayMs`, or only on command (`manual`), as a test needs it. */
export interface RoutingSettings {
  delayMs: number;
  manual: boolean;
}

/**
 * The merchant's side and routing on command, under /sim/fulfillment. `route` routes an order now (and sends the
 * webhook); `fulfil`, `release` and `cancel` are the merchant's own actions in the admin; `hold` places a hold as
 * the merchant or as another app (`owner`, `handle`).
 */
export function fulfillmentRoutes(
  router: Router,
  options: {
    shopState: (domain: string) => ShopState;
    shopOf: (body: Record<string, unknown>, request: SimRequest) => ShopState;
    route: (shop: ShopState, order: SimOrder) => Promise<unknown>;
    routing: RoutingSettings;
    emit: (message: string) => void;
    /** Sends orders/cancelled, as the platform does for any cancel. */
    cancelled: (shop: ShopState, order: SimOrder) => Promise<unknown>;
  },
) {
  const bodyOf = (request: SimRequest) => (request.body.length ? request.json<Record<string, unknown>>() : {});
  const orderOf = (shop: ShopState, body: Record<string, unknown>) => {
    const wanted = String(body.order ?? "").replace(/^#/, "");
    const order = shop.orders.find(
      (candidate) =>
        candidate.name === `#${wanted}` || String(candidate.id) === wanted || gid("Order", candidate.id) === wanted,
    );
    if (!order) throw new HttpError(404, "Order not found");
    return order;
  };
  const view = (shop: ShopState, order: SimOrder) => ({
    order: { id: gid("Order", order.id), name: order.name, cancelledAt: order.cancelledAt ?? null },
    fulfillmentOrders: fulfillmentOrdersOf(shop, order.id).map((fulfillmentOrder) => ({
      id: gid("FulfillmentOrder", fulfillmentOrder.id),
      status: fulfillmentOrder.status,
      holds: fulfillmentOrder.holds.map((hold) => ({ ...holdNode(hold), owner: hold.owner })),
    })),
    cancel: fulfillmentOf(shop).cancels.get(order.id) ?? null,
    events: fulfillmentOf(shop).events.filter((event) => event.orderId === order.id),
  });
  router
    .on("GET", "/sim/fulfillment", (request) => {
      const shop = options.shopState(request.url.searchParams.get("shop") ?? "");
      const order = orderOf(shop, { order: request.url.searchParams.get("order") ?? "" });
      return { body: view(shop, order) };
    })
    .on("POST", "/sim/fulfillment/routing", (request) => {
      const body = bodyOf(request);
      if (body.delayMs !== undefined) options.routing.delayMs = Math.max(0, Number(body.delayMs) || 0);
      if (typeof body.manual === "boolean") options.routing.manual = body.manual;
      return { body: { routing: options.routing } };
    })
    .on("POST", "/sim/fulfillment/route", async (request) => {
      const body = bodyOf(request);
      const shop = options.shopOf(body, request);
      const order = orderOf(shop, body);
      const deliveries = await options.route(shop, order);
      return { body: { ...view(shop, order), deliveries } };
    })
    .on("POST", "/sim/fulfillment/hold", (request) => {
      const body = bodyOf(request);
      const shop = options.shopOf(body, request);
      const order = orderOf(shop, body);
      const owner = body.owner === "merchant" ? "merchant" : "other-app";
      const [fulfillmentOrder] = fulfillmentOrdersOf(shop, order.id);
      if (!fulfillmentOrder) throw new HttpError(409, "The order is not routed yet");
      const answer = placeHold(shop, fulfillmentOrder, owner, {
        handle: typeof body.handle === "string" ? body.handle : null,
        reason: "OTHER",
        reasonNotes: typeof body.note === "string" ? body.note : null,
      });
      if (answer.userErrors.length) throw new HttpError(409, answer.userErrors[0].message);
      options.emit(`${owner === "merchant" ? "the merchant" : "another app"} held ${order.name}`);
      return { body: view(shop, order) };
    })
    .on("POST", "/sim/fulfillment/release", (request) => {
      const body = bodyOf(request);
      const shop = options.shopOf(body, request);
      const order = orderOf(shop, body);
      // The merchant's "Release hold" in the admin releases every hold on the order.
      for (const fulfillmentOrder of fulfillmentOrdersOf(shop, order.id)) {
        const released = fulfillmentOrder.holds.map((hold) => gid("FulfillmentHold", hold.id));
        fulfillmentOrder.holds = [];
        settleStatus(fulfillmentOrder);
        recordAction(shop, order.id, "release", { owner: "merchant", holdIds: released });
      }
      options.emit(`the merchant released ${order.name}`);
      return { body: view(shop, order) };
    })
    .on("POST", "/sim/fulfillment/fulfil", (request) => {
      const body = bodyOf(request);
      const shop = options.shopOf(body, request);
      const order = orderOf(shop, body);
      const fulfillmentOrders = fulfillmentOrdersOf(shop, order.id);
      if (fulfillmentOrders.some((fulfillmentOrder) => fulfillmentOrder.status === "ON_HOLD"))
        throw new HttpError(409, "The order is on hold: release it before fulfilling");
      for (const fulfillmentOrder of fulfillmentOrders) {
        fulfillmentOrder.status = "CLOSED";
        fulfillmentOrder.updatedAt = new Date().toISOString();
      }
      order.fulfillmentStatus = "fulfilled";
      order.updatedAt = new Date().toISOString();
      recordAction(shop, order.id, "fulfilled", { by: "merchant" });
      options.emit(`the merchant fulfilled ${order.name}`);
      return { body: view(shop, order) };
    })
    // The fulfilment service accepts the order's request: its fulfilment is under way (IN_PROGRESS).
    .on("POST", "/sim/fulfillment/accept", (request) => {
      const body = bodyOf(request);
      const shop = options.shopOf(body, request);
      const order = orderOf(shop, body);
      const fulfillmentOrders = fulfillmentOrdersOf(shop, order.id);
      if (!fulfillmentOrders.length || fulfillmentOrders.some((fulfillmentOrder) => fulfillmentOrder.status !== "OPEN"))
        throw new HttpError(409, "Only an open (routed, not held) order can be accepted");
      for (const fulfillmentOrder of fulfillmentOrders) {
        fulfillmentOrder.status = "IN_PROGRESS";
        fulfillmentOrder.updatedAt = new Date().toISOString();
      }
      recordAction(shop, order.id, "accepted", { by: "fulfillment service" });
      options.emit(`the fulfilment service accepted ${order.name}`);
      return { body: view(shop, order) };
    })
    // The next `count` fulfillmentOrderHold answers are held back for `ms` after the hold is placed, as when the
    // app dies between the platform's answer and its own record (the crash proof kills it meanwhile).
    .on("POST", "/sim/fulfillment/stall", (request) => {
      const body = bodyOf(request);
      holdStall.count = Math.max(0, Number(body.count ?? 1));
      holdStall.ms = Math.max(0, Number(body.ms ?? 30_000));
      return { body: { stall: holdStall } };
    })
    // The next `count` answers of `field` (a mutation: orderCancel, fulfillmentOrderHold...) are lost after the
    // change is made: the app gets a 502 for a change the platform did make.
    .on("POST", "/sim/fulfillment/lose-answer", (request) => {
      const body = bodyOf(request);
      const field = String(body.field ?? "");
      if (!field) throw new HttpError(400, "field is required");
      lostAnswers.set(field, Math.max(0, Number(body.count ?? 1)));
      return { body: { lost: Object.fromEntries(lostAnswers) } };
    })
    .on("POST", "/sim/fulfillment/cancel", async (request) => {
      const body = bodyOf(request);
      const shop = options.shopOf(body, request);
      const order = orderOf(shop, body);
      const refusal = cancelRefusal(shop, order);
      if (refusal) throw new HttpError(409, refusal);
      const staffNote = typeof body.staffNote === "string" ? body.staffNote : null;
      const restocked = cancelNow(shop, order, body.restock !== false, staffNote);
      recordAction(shop, order.id, "cancelled", { by: "merchant", restocked });
      options.emit(`the merchant cancelled ${order.name}`);
      await options.cancelled(shop, order);
      return { body: view(shop, order) };
    });
}
