import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { reportStore } from "./report-store";

/**
 * The insights' counts (docs/decisions/201). Triggers on Delivery append every change of a counted delivery to
 * InsightCountChange in the transaction that makes it; this folds the changes into InsightCount. A read adds
 * InsightCount and the changes not folded yet, so folding only makes reads cheaper, never changes a figure.
 */

/** A quarter hour: every zone's offset is a whole number of them, so every local day is a run of buckets. */
export const BUCKET_MS = 15 * 60 * 1000;

export const bucketOf = (instant: Date) => Math.floor(instant.getTime() / BUCKET_MS);

/** Changes folded per transaction: a backlog (a burst, a restore) is folded in short steps, never one long one. */
export const FOLD_BATCH = 20_000;

/** Folds the appended changes into the counts; returns how many it folded. Run by one process at a time. */
export async function foldInsightCountChanges(batch = FOLD_BATCH): Promise<number> {
  let folded = 0;
  for (;;) {
    const [range] = await prisma.$queryRaw<{ first: number | bigint | null; last: number | bigint | null }[]>`
      SELECT MIN("id") AS first, MAX("id") AS last FROM "InsightCountChange"`;
    if (range?.first === null || range?.first === undefined || range.last === null) return folded;
    const upTo = Math.min(Number(range.last), Number(range.first) + batch - 1);
    folded += await reportStore().foldCountChanges(upTo);
    if (upTo >= Number(range.last)) return folded;
  }
}

/** The shop's counts from `sinceBucket` on: the folded ones and the changes not folded yet, as one relation. */
export function shopCounts(shop: string, sinceBucket: number) {
  return Prisma.sql`(
    SELECT "bucket", "status", "topic", "flowId", "callback", "delivered", "n" FROM "InsightCount"
    WHERE "shop" = ${shop} AND "bucket" >= ${sinceBucket}
    UNION ALL
    SELECT "bucket", "status", "topic", "flowId", "callback", "delivered", "n" FROM "InsightCountChange"
    WHERE "shop" = ${shop} AND "bucket" >= ${sinceBucket})`;
}
