import { queueOf } from "./attempt.server";
import type { JobKinds } from "./types";

/**
 * The small runner's claim (docs/decisions/310, 347): one `UPDATE … RETURNING` that takes the next due job of the
 * kinds with a free slot here, and the rules a claim keeps, stated once: not leased (or its lease over), its queue
 * idle (one at a time), its shop not paused where the kind's policy holds.
 *
 * The earliest job is looked for per free kind, each by one probe of the (kind, runAt) index, then the earliest of
 * those. A single scan ordered by runAt alone walks every due job of the kinds at their concurrency here (filtered
 * out row by row) before it reaches a claimable one, and the runner claims at every add and every finished job: a
 * burst's backlog of one kind made each claim read the whole backlog. Here a kind that is not free is not read at
 * all, and a kind that runs one at a time as a whole (a periodic kind) is checked once, not per job.
 */

export interface ClaimStatement {
  text: string;
  values: unknown[];
}

export interface ClaimOptions {
  holder: string;
  leaseUntil: Date;
  now: Date;
}

/** The earliest claimable job of one kind: its id and runAt, at most one row. */
function earliestOf(kinds: JobKinds, name: string, now: Date): ClaimStatement {
  const values: unknown[] = [name, now, now];
  // A job with neither key nor shop waits in a queue only when the kind runs one at a time as a whole.
  const queue = queueOf(name, kinds[name], null, null);
  let queueIdle: string;
  if (queue) {
    // The same queue for every job of the kind: asked once, not per row.
    queueIdle = `NOT EXISTS (SELECT 1 FROM "Job" o WHERE o."queue" = ? AND o."lockedUntil" > ?)`;
    values.push(queue, now);
  } else {
    queueIdle = `(j."queue" IS NULL OR NOT EXISTS (
        SELECT 1 FROM "Job" o WHERE o."queue" = j."queue" AND o."id" <> j."id" AND o."lockedUntil" > ?))`;
    values.push(now);
  }
  const notPaused = kinds[name].pause.holds
    ? `AND (j."shop" IS NULL OR NOT EXISTS (SELECT 1 FROM "AutomationPause" p WHERE p."shop" = j."shop"))`
    : "";
  const text = `SELECT * FROM (SELECT j."id", j."runAt" FROM "Job" j
      WHERE j."kind" = ? AND j."runAt" <= ? AND (j."lockedUntil" IS NULL OR j."lockedUntil" <= ?)
        AND ${queueIdle} ${notPaused}
      ORDER BY j."runAt" LIMIT 1)`;
  return { text, values };
}

/** Claims the earliest due job of the free kinds for `holder` until `leaseUntil`; returns the job's row. */
export function claimStatement(kinds: JobKinds, free: string[], options: ClaimOptions): ClaimStatement {
  const parts = free.map((name) => earliestOf(kinds, name, options.now));
  const text = `UPDATE "Job" SET "lockedBy" = ?, "lockedUntil" = ?, "attempts" = "attempts" + 1
    WHERE "id" = (
      SELECT "id" FROM (${parts.map((part) => part.text).join("\n      UNION ALL ")})
      ORDER BY "runAt" LIMIT 1)
    RETURNING "id", "kind", "key", "shop", "payload", "runAt", "attempts"`;
  return { text, values: [options.holder, options.leaseUntil, ...parts.flatMap((part) => part.values)] };
}
