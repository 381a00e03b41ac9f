import prisma from "../../db.server";
import type { SupplierOrderAnswer } from "../supplier/orders.server";
import { addApplyJob } from "./apply.server";
import { eventDedupeKey, insertStatusEvent } from "./record.server";
import { marketplaceTime } from "./receive.server";
import { statusKey } from "./stages";

/**
 * One polled answer's history into the journey, through the same INSERT and keyed `journey-apply` job as a push
 * (source "poll"; docs/decisions/328: one way in for statuses), and how many statuses were new. A status stored with the same reported time is refused by the unique key, as a
 * repeated push is. A push carries no time (the marketplace's webhook has no `updated_at`), so the same status
 * read back from the history with its time would be a second event: a status already stored without a time
 * stands for the oldest history entry of that status, and only the entries beyond are new (docs/decisions/304).
 */
export async function recordPolledHistory(shop: string, answer: SupplierOrderAnswer, now: Date): Promise<number> {
  const stored = await prisma.supplierStatusEvent.findMany({
    where: { shop, supplierOrderId: answer.id },
    select: { dedupeKey: true },
  });
  const known = new Set(stored.map((event) => event.dedupeKey));
  const untimed = new Map<string, number>();
  for (const { dedupeKey } of stored) {
    if (dedupeKey.endsWith("|")) untimed.set(dedupeKey, (untimed.get(dedupeKey) ?? 0) + 1);
  }
  const entries = answer.history
    .map((entry) => ({ status: entry.status, at: entry.at ? marketplaceTime(entry.at) : null }))
    .sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));

  let inserted = 0;
  for (const entry of entries) {
    const key = statusKey(entry.status);
    const exact = eventDedupeKey(key, entry.at);
    if (known.has(exact)) continue;
    const untimedKey = eventDedupeKey(key, null);
    const pushedWithoutTime = untimed.get(untimedKey) ?? 0;
    if (entry.at && pushedWithoutTime > 0) {
      untimed.set(untimedKey, pushedWithoutTime - 1);
      continue;
    }
    const report = {
      supplierOrderId: answer.id,
      rawStatus: entry.status,
      reportedAt: entry.at,
      guide: answer.guide,
      carrier: answer.carrier,
      shopOrderRef: answer.shopOrderRef,
    };
    if (await insertStatusEvent(shop, "poll", report, now)) inserted++;
    known.add(exact);
  }
  if (inserted) await addApplyJob(shop, answer.id, now);
  return inserted;
}
