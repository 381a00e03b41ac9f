import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { SWEEP_EVENT_PREFIX } from "../../lib/sweep";
import { logger } from "../../logger.server";
import { buyerSummaryText } from "../deliveries/buyer-summary.server";
import { insertDelivery } from "../deliveries/outbox.server";
import { extractEventKeys } from "../deliveries/event-keys.server";
import { wakeWorkers } from "../deliveries/wake.server";
import { getOfflineSession, type GraphqlOptions, type PlatformSession } from "../platform/graphql.server";
import { listCreatedIds, readResources, type SweptKind } from "./sweep-operations.server";

/**
 * The reconciliation sweep (docs/decisions/221). Webhooks are best effort: the platform retries for a few hours and
 * then gives up, and may remove a failing subscription. Per installed shop, the sweep lists the orders and draft
 * orders created since its watermark and queues the ones the app never received under the webhook's own one-order
 * key ((topic, resource id), decision 070), so a late webhook and the sweep never both trigger: whichever inserts
 * second is a duplicate. A paused shop is swept (its deliveries wait for the resume like any other); an
 * uninstalled one has no offline session and is not.
 */

/** How often the fleet sweeps: the `order-sweep` periodic job, run once across the fleet per period. */
export const SWEEP_EVERY_MS = 15 * 60_000;
/** Orders younger than this are left to their webhook, which is most likely still on its way. */
export const SWEEP_GRACE_MS = 10 * 60_000;
/** Each sweep lists again this far before its watermark: the platform's search index may lag its orders. */
export const SWEEP_OVERLAP_MS = 15 * 60_000;
/** A shop swept for the first time is listed back this far (or to its install, if later). */
export const FIRST_SWEEP_LOOKBACK_MS = 24 * 3_600_000;
/** Ids per listing page: the platform's maximum, at a small cost per page since only ids are asked for. */
export const SWEEP_PAGE_SIZE = 250;
/**
 * Missing orders read in full per request. By the platform's cost rule an order with its 50 line items asks for
 * about 261 points, and one query may ask for at most 1,000: three per request.
 */
export const SWEEP_READ_BATCH = 3;
/** Listing pages per kind per shop per run; a shop with more waits for the next run from where this one stopped. */
export const SWEEP_MAX_PAGES = 40;

const TOPICS: Record<SweptKind, "orders/create" | "draft_orders/create"> = {
  orders: "orders/create",
  draftOrders: "draft_orders/create",
};

export interface SweepWindow {
  from: Date;
  until: Date;
}

export interface ShopSweep {
  shop: string;
  /** Ids listed, both kinds. */
  listed: number;
  /** Listed but never received: queued by this sweep. */
  recovered: number;
  /** Platform requests made: listing pages and full reads. */
  requests: number;
  /** Where the listing got to: `until`, or the last listed creation time when the page budget ran out. */
  reached: Date;
}

export interface SweepOptions {
  now?: Date;
  graphql?: GraphqlOptions;
  pageSize?: number;
  maxPages?: number;
}

/** Sweeps one shop's window; null when the shop is not installed (no offline session). */
export async function sweepShop(
  shop: string,
  window: SweepWindow,
  options: SweepOptions = {},
): Promise<ShopSweep | null> {
  const session = await getOfflineSession(shop);
  if (!session) return null;
  const now = options.now ?? new Date();
  const result: ShopSweep = { shop, listed: 0, recovered: 0, requests: 0, reached: window.until };
  for (const kind of ["orders", "draftOrders"] as const) {
    const reached = await sweepKind(session, kind, window, now, options, result);
    if (reached < result.reached) result.reached = reached;
  }
  if (result.recovered) wakeWorkers();
  return result;
}

async function sweepKind(
  session: PlatformSession,
  kind: SweptKind,
  window: SweepWindow,
  now: Date,
  options: SweepOptions,
  result: ShopSweep,
): Promise<Date> {
  const topic = TOPICS[kind];
  const first = options.pageSize ?? SWEEP_PAGE_SIZE;
  let after: string | null = null;
  for (let pages = 0; pages < (options.maxPages ?? SWEEP_MAX_PAGES); pages++) {
    const page = await listCreatedIds(session, kind, window, { first, after }, options.graphql);
    result.requests++;
    result.listed += page.nodes.length;
    const missing = await unknownIds(
      session.shop,
      topic,
      page.nodes.map((node) => node.id),
    );
    for (let start = 0; start < missing.length; start += SWEEP_READ_BATCH) {
      const nodes = await readResources(session, kind, missing.slice(start, start + SWEEP_READ_BATCH), options.graphql);
      result.requests++;
      for (const node of nodes) if (await queueRecovered(session.shop, topic, node, now)) result.recovered++;
    }
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return window.until;
    after = page.pageInfo.endCursor;
    if (pages + 1 === (options.maxPages ?? SWEEP_MAX_PAGES)) {
      const last = page.nodes.at(-1);
      return last ? new Date(last.createdAt) : window.from;
    }
  }
  return window.until;
}

/**
 * The ids (gids) among `ids` the shop has no delivery of: one read per page through the (topic, resource id) unique
 * index. The shop's condition is written so that no index on `shop` can serve it: SQLite, without statistics, would
 * otherwise walk every delivery of the shop by its (shop, status) index for each page, a day's worth 40 times over
 * a 24-hour check, on the one connection the webhooks' inserts need.
 */
async function unknownIds(shop: string, topic: string, ids: string[]) {
  if (!ids.length) return [];
  const byResource = new Map(ids.map((id) => [legacyIdOf(id), id]));
  const known = await prisma.$queryRaw<{ resourceId: string | null }[]>`
    SELECT "resourceId" FROM "Delivery"
    WHERE "topic" = ${topic} AND "resourceId" IN (${Prisma.join([...byResource.keys()])}) AND "shop" || '' = ${shop}`;
  for (const row of known) byResource.delete(row.resourceId ?? "");
  return [...byResource.values()];
}

function legacyIdOf(gid: string) {
  return gid.slice(gid.lastIndexOf("/") + 1);
}

/**
 * Queues one order (or draft order) as its webhook would have, in the spec's GraphQL shape (`{ order: {...} }`),
 * under the event key `sweep:<topic>:<id>`. The insert is the webhook's own: (topic, resource id) is unique, so a
 * webhook already stored, or landing later, makes one of the two a duplicate. Marked as recovered for the log,
 * the insights and the health endpoint.
 */
async function queueRecovered(shop: string, topic: string, node: Record<string, unknown>, now: Date) {
  const body = { [topic === "orders/create" ? "order" : "draftOrder"]: platformShape(node) };
  const keys = extractEventKeys(topic, body);
  const outcome = await insertDelivery({
    shop,
    topic,
    eventId: `${SWEEP_EVENT_PREFIX}${topic}:${keys.resourceId}`,
    keys,
    payload: JSON.stringify(body),
    // Who bought, as a webhook's order has it: the log and the export show a recovered order's buyer too.
    buyer: buyerSummaryText(body),
    nextAttemptAt: now,
    receivedAt: now,
  });
  if (!outcome.inserted) return false;
  await prisma.orderFlag.create({ data: { shop, deliveryId: outcome.id, kind: "recovered", createdAt: now } });
  logger.info({ shop, topic, deliveryId: outcome.id, orderId: keys.orderId }, "order recovered by the sweep");
  return true;
}

/** The customer's email and phone where the payload builder reads them (the API keeps them one level down). */
function platformShape(node: Record<string, unknown>) {
  const customer = node.customer as Record<string, unknown> | null | undefined;
  if (!customer) return node;
  const email = (customer.defaultEmailAddress as { emailAddress?: string } | null)?.emailAddress ?? customer.email;
  const phone = (customer.defaultPhoneNumber as { phoneNumber?: string } | null)?.phoneNumber ?? customer.phone;
  return { ...node, customer: { ...customer, email: email ?? null, phone: phone ?? null } };
}

// ---- The fleet's run and the shop's state ----

/** The window a shop's next sweep lists: from its watermark (less the overlap) to now less the grace. */
export async function nextWindow(shop: string, now: Date): Promise<SweepWindow> {
  const until = new Date(now.getTime() - SWEEP_GRACE_MS);
  const state = await prisma.orderSweep.findUnique({ where: { shop }, select: { watermark: true } });
  if (state) return { from: new Date(state.watermark.getTime() - SWEEP_OVERLAP_MS), until };
  const installed = await prisma.shopInstallation.findUnique({ where: { shop }, select: { installedAt: true } });
  const lookback = now.getTime() - FIRST_SWEEP_LOOKBACK_MS;
  return { from: new Date(Math.max(lookback, installed?.installedAt.getTime() ?? lookback)), until };
}

/**
 * Sweeps one shop from its watermark and moves the watermark to where the listing got: a failure leaves it, so the
 * next run lists the same window again.
 */
export async function sweepFromWatermark(shop: string, options: SweepOptions = {}) {
  const now = options.now ?? new Date();
  const window = await nextWindow(shop, now);
  if (window.from >= window.until) return null;
  try {
    const result = await sweepShop(shop, window, { ...options, now });
    if (!result) return null;
    const data = { watermark: result.reached, lastSweptAt: now, lastRecovered: result.recovered, lastProblem: null };
    await prisma.orderSweep.upsert({ where: { shop }, create: { shop, ...data }, update: data });
    return result;
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    logger.warn({ shop, problem }, "order sweep stopped; the next run lists the same window again");
    await prisma.orderSweep.upsert({
      where: { shop },
      create: { shop, watermark: window.from, lastSweptAt: now, lastProblem: problem },
      update: { lastSweptAt: now, lastProblem: problem },
    });
    return null;
  }
}

/** The scheduled run: every installed shop (those with an offline session), one after another. Returns the recovered. */
export async function sweepAllShops(now: Date, options: Omit<SweepOptions, "now"> = {}) {
  const shops = await prisma.session.findMany({
    where: { isOnline: false },
    select: { shop: true },
    distinct: ["shop"],
  });
  let recovered = 0;
  for (const { shop } of shops) recovered += (await sweepFromWatermark(shop, { ...options, now }))?.recovered ?? 0;
  return recovered;
}

/** What "check the last 24 hours now" leaves out: a webhook for an order placed seconds ago is still the likelier way in. */
export const SWEEP_NOW_GRACE_MS = 60_000;
/**
 * Within how long the scheduled sweep has looked at an order the merchant's check left out: once it is past the
 * scheduled grace, at the next run.
 */
export const SWEEP_LATER_WITHIN_MS = SWEEP_GRACE_MS + SWEEP_EVERY_MS;

/** "Check the last 24 hours now": the merchant's own sweep; the watermark is left to the schedule. */
export async function sweepLastDay(shop: string, options: SweepOptions = {}) {
  const now = options.now ?? new Date();
  return sweepShop(
    shop,
    { from: new Date(now.getTime() - 24 * 3_600_000), until: new Date(now.getTime() - SWEEP_NOW_GRACE_MS) },
    options,
  );
}

/** Orders the sweep recovered for a shop since `since`. */
export async function countRecovered(shop: string, since: Date) {
  return prisma.orderFlag.count({ where: { shop, kind: "recovered", createdAt: { gte: since } } });
}

/** The fleet's recovered orders since `since`, for monitoring (a count, never which shops). */
export async function countRecoveredEverywhere(since: Date) {
  return prisma.orderFlag.count({ where: { kind: "recovered", createdAt: { gte: since } } });
}
