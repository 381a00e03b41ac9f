import { setImmediate as yieldToEventLoop, setTimeout as pause } from "node:timers/promises";
import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { getShopSettings } from "../shops/configuration.server";
import { recordFingerprints, storedOrderFingerprint, uncheckedOrders } from "./duplicates.server";
import { shopPhoneCountry } from "./phone.server";
import { getOrderRules } from "./rules.server";

/**
 * The duplicate window's orders that no check fingerprinted (docs/decisions/288): those from before the merchant
 * turned duplicate hints on or widened the window, and those whose check has not run yet (waiting for the sending
 * hours, or without a phone). Fingerprinted here, off the orders' path, in small batches: each batch one read and
 * one insert, never one long transaction, and the event loop given back between orders so acknowledgements
 * served by this process never wait on the parsing.
 */

/** Orders per batch: one read of their bodies and one insert of their fingerprints. */
export const BACKLOG_BATCH = 100;
/**
 * The pause after each batch, as a share of the time the batch took: the job takes at most half of a core from the
 * process's webhooks.
 */
const PAUSE_SHARE = 1;

/** Fingerprints one shop's window as of `now`, newest first; returns how many orders it recorded. */
export async function fingerprintShopBacklog(shop: string, now: Date, batch = BACKLOG_BATCH): Promise<number> {
  const rules = await getOrderRules(shop);
  if (!rules.duplicateWindowMinutes) return 0;
  const country = shopPhoneCountry(rules, await getShopSettings(shop));
  const since = new Date(now.getTime() - rules.duplicateWindowMinutes * 60_000);
  let recorded = 0;
  // Each batch goes on from the oldest of the last one, so no batch reads past the rows already done.
  let until = now;
  for (;;) {
    const started = performance.now();
    const orders = await uncheckedOrders(shop, since, until, batch);
    const prints = [];
    for (const order of orders) {
      prints.push({ ...order, fingerprint: storedOrderFingerprint(shop, order.payload, country) });
      await yieldToEventLoop();
    }
    recorded += await recordFingerprints(shop, prints);
    if (orders.length < batch) return recorded;
    until = orders.at(-1)!.createdAt;
    await pause((performance.now() - started) * PAUSE_SHARE);
  }
}

/** The periodic job: every shop with duplicate hints on, one after another. Returns how many orders it recorded. */
export async function fingerprintBacklogs(now: Date): Promise<number> {
  const shops = await prisma.orderRules.findMany({
    where: { duplicateWindowMinutes: { gt: 0 } },
    select: { shop: true },
  });
  let recorded = 0;
  for (const { shop } of shops) {
    const count = await fingerprintShopBacklog(shop, now);
    if (count) logger.info({ shop, count }, "duplicate hints: earlier orders fingerprinted");
    recorded += count;
  }
  return recorded;
}
