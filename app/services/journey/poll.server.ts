import prisma from "../../db.server";
import { env } from "../../env.server";
import { lookupHash } from "../../lib/crypto.server";
import { logger } from "../../logger.server";
import { getShopSettings } from "../shops/configuration.server";
import { readSupplierOrder, type SupplierOrderFailure } from "../supplier/orders.server";
import { planToken, setNextPoll, OPEN_ORDER, type PlannedOrder, type TokenPlan } from "./poll-plan.server";
import { NOT_FOUND_AGAIN_MS, pollDueAt } from "./poll-schedule";
import { recordPolledHistory } from "./poll-history.server";

/**
 * Polling, the fallback for pushes that never came (docs/decisions/304). One periodic job, once across the fleet
 * each minute, plans every call: per supplier token (shops that share a token share its budget), at most
 * SUPPLIER_POLL_PER_MINUTE calls in any minute, counted from the calls the shops of that token recorded, the most
 * overdue orders first; which orders are due is poll-plan.server.ts's (docs/decisions/328). A lockout (429 or the marketplace's wording) pauses the token until it ends; nothing is
 * ever sent into it.
 */

const WINDOW_MS = 60_000;
/** The marketplace's lockout "can last hours" and may not say how long: three hours when it does not. */
export const LOCKOUT_WITHOUT_RETRY_AFTER_MS = 3 * 60 * 60_000;
/** A refused token is asked again hourly (the merchant may save a new one); a marketplace down, in 5 minutes. */
const PAUSE_AFTER: Record<Exclude<SupplierOrderFailure["code"], "locked" | "not_found">, number> = {
  rejected: 60 * 60_000,
  unavailable: 5 * 60_000,
};
/** Tokens asked at the same time; each token's own calls are one after another. */
const TOKENS_AT_ONCE = 4;
/** A run that is still calling after this leaves the rest to the next period. */
const RUN_BUDGET_MS = 45_000;
/**
 * The last calls of the previous run (a minute ago, plus the seconds it took) are still in the window when the
 * next run starts: counted at planning they would leave it nothing, and a job run once a minute would spend half
 * its budget. Calls older than this are left out of the plan, and each call waits until the window has room.
 */
const PACE_SLACK_MS = 5_000;

// A shop with an order due, or one not given its time yet.
const dueWhere = (now: Date) => ({ ...OPEN_ORDER, OR: [{ nextPollAt: null }, { nextPollAt: { lte: now } }] });

interface TokenGroup {
  token: string;
  shops: string[];
}

export interface PollRun {
  calls: number;
  newStatuses: number;
  pausedTokens: number;
}

export async function pollSupplierOrders(now: Date): Promise<PollRun> {
  const started = Date.now();
  // GROUP BY in the database: Prisma's `distinct` would read every due row first.
  const shops = (await prisma.supplierOrder.groupBy({ by: ["shop"], where: dueWhere(now) })).map((row) => row.shop);
  const groups = await tokenGroups(shops);
  const run: PollRun = { calls: 0, newStatuses: 0, pausedTokens: 0 };
  const queue = [...groups];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      const result = await pollToken(group, now, () => Date.now() - started > RUN_BUDGET_MS);
      run.calls += result.calls;
      run.newStatuses += result.newStatuses;
      run.pausedTokens += result.paused ? 1 : 0;
    }
  };
  await Promise.all(Array.from({ length: Math.min(TOKENS_AT_ONCE, groups.length) }, worker));
  return run;
}

/** The shops with a supplier token, grouped by that token (a keyed hash, so tokens are compared, never logged). */
async function tokenGroups(shops: string[]): Promise<TokenGroup[]> {
  const groups = new Map<string, TokenGroup>();
  for (const shop of shops) {
    const token = (await getShopSettings(shop))?.supplierToken;
    if (!token) continue;
    const hash = lookupHash(token);
    const group = groups.get(hash) ?? { token, shops: [] };
    group.shops.push(shop);
    groups.set(hash, group);
  }
  return [...groups.values()];
}

async function pollToken(group: TokenGroup, now: Date, outOfTime: () => boolean) {
  const settings = await prisma.supplierJourneySettings.findMany({ where: { shop: { in: group.shops } } });
  const pausedUntil = Math.max(0, ...settings.map((row) => row.pollPausedUntil?.getTime() ?? 0));
  const result = { calls: 0, newStatuses: 0, paused: false };
  if (pausedUntil > now.getTime()) return result;

  const recent = new Map(settings.map((row) => [row.shop, callsInWindow(row.pollCalls, now)]));
  const previous = [...recent.values()].flat().sort((a, b) => a - b);
  const spent = previous.filter((at) => at > now.getTime() - WINDOW_MS + PACE_SLACK_MS).length;
  const allowance = env().SUPPLIER_POLL_PER_MINUTE - spent;
  if (allowance <= 0) return result;

  const plan = await planToken(group.shops, now, allowance, env().SUPPLIER_POLL_PER_MINUTE);
  const { due } = plan;
  if (!due.length) return result;
  // The calls are counted before they are made: a crash mid-run can only under-spend the budget, never over.
  for (const shop of group.shops) {
    const planned = due.filter((order) => order.shop === shop).map(() => now.getTime());
    if (planned.length) await saveCalls(shop, [...(recent.get(shop) ?? []), ...planned]);
  }

  // Then each call is counted at the time it was made (the run's clock plus the time spent), which the next run
  // reads: a run that took 40 s leaves its last calls in the next run's minute.
  const made = new Map<string, number[]>();
  try {
    await callInTurn(group, plan, { now, previous, outOfTime }, made, result);
  } finally {
    for (const [shop, calls] of made) await saveCalls(shop, [...(recent.get(shop) ?? []), ...calls]);
  }
  return result;
}

async function callInTurn(
  group: TokenGroup,
  plan: TokenPlan,
  pace: { now: Date; previous: number[]; outOfTime: () => boolean },
  made: Map<string, number[]>,
  result: { calls: number; newStatuses: number; paused: boolean },
) {
  const { now, outOfTime } = pace;
  const log = logger.child({ system: "supplier", shops: group.shops });
  const started = Date.now();
  const clock = () => now.getTime() + (Date.now() - started);
  for (const shop of group.shops) made.set(shop, []);
  for (const order of plan.due) {
    if (outOfTime()) break;
    // At most the budget in the minute before this call: wait (a few seconds at most) for the oldest to leave it.
    const window = [...pace.previous, ...[...made.values()].flat()]
      .filter((at) => at > clock() - WINDOW_MS)
      .sort((a, b) => a - b);
    const excess = window.length - env().SUPPLIER_POLL_PER_MINUTE;
    if (excess >= 0) await sleep(window[excess] + WINDOW_MS - clock() + 1);
    if (outOfTime()) break;
    made.get(order.shop)!.push(clock());
    const read = await readSupplierOrder(group.token, order.supplierOrderId);
    result.calls++;
    if (read.ok) {
      result.newStatuses += await recordPolledHistory(order.shop, read.order, now);
      await markPolled(order, plan, now);
      continue;
    }
    const { failure } = read;
    if (failure.code === "not_found") {
      await setNextPoll(order, new Date(now.getTime() + Math.max(NOT_FOUND_AGAIN_MS, plan.intervalMs)), now);
      continue;
    }
    const pauseMs =
      failure.code === "locked" ? (failure.retryAfterMs ?? LOCKOUT_WITHOUT_RETRY_AFTER_MS) : PAUSE_AFTER[failure.code];
    log.warn({ reason: failure.code, pauseMs }, "supplier polling paused for this token");
    await pauseToken(group.shops, failure.code, new Date(now.getTime() + pauseMs));
    result.paused = true;
    break;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function callsInWindow(stored: string, now: Date): number[] {
  try {
    const calls: unknown = JSON.parse(stored);
    if (!Array.isArray(calls)) return [];
    return calls.filter((at): at is number => typeof at === "number" && at > now.getTime() - WINDOW_MS);
  } catch {
    // A hand-edited ledger that is not JSON counts as no calls: at most one minute's budget more.
    return [];
  }
}

function saveCalls(shop: string, calls: number[]) {
  const pollCalls = JSON.stringify(calls);
  return prisma.supplierJourneySettings.upsert({ where: { shop }, create: { shop, pollCalls }, update: { pollCalls } });
}

/**
 * Asked again once it looks late from what is stored now, and not before the interval. A status the answer brought
 * is applied by its job a moment later: the order's next time, once it comes, is read again from its new stage.
 */
function markPolled(order: PlannedOrder, plan: TokenPlan, now: Date) {
  const next = pollDueAt({ ...order, lastPolledAt: now }, plan.paceOf(order.shop), plan.intervalMs);
  return setNextPoll(order, next, now);
}

async function pauseToken(shops: string[], reason: string, until: Date) {
  for (const shop of shops) {
    const data = { pollPausedUntil: until, pollPauseReason: reason };
    await prisma.supplierJourneySettings.upsert({ where: { shop }, create: { shop, ...data }, update: data });
  }
}

/** What the settings card says about polling: paused until when, and why. */
export async function pollingPause(shop: string, now = new Date()) {
  const row = await prisma.supplierJourneySettings.findUnique({
    where: { shop },
    select: { pollPausedUntil: true, pollPauseReason: true },
  });
  if (!row?.pollPausedUntil || row.pollPausedUntil <= now) return null;
  return { until: row.pollPausedUntil.toISOString(), reason: row.pollPauseReason };
}
