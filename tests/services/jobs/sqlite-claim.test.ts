import { afterEach, describe, expect, it } from "vitest";
import { hotSql } from "~/lib/hot-sql.server";
import { claimStatement } from "~/services/jobs/sqlite-claim.server";
import type { JobKind, JobKinds } from "~/services/jobs/types";
import { onPostgres } from "../../helpers/db";
import { eventually, jobEngine } from "./engines";

/**
 * The small runner's claim past a backlog (docs/decisions/347): a burst leaves thousands of due jobs of one kind
 * while that kind is at its concurrency; the claim for the other kinds must not read them. SQLite only: on
 * PostgreSQL graphile-worker claims, and the Job table stays empty.
 */

const BLOCKED = 2_000;

const engines: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

function kind(declared: Partial<JobKind> & { handler: JobKind["handler"] }): JobKind {
  return { retryDelaysMs: [], pause: { holds: false, why: "test" }, concurrency: 1, ...declared };
}

/** BLOCKED due jobs of `kindName`, due a minute ago: one statement, as a burst of adds would leave them. */
async function addBacklog(kindName: string, shop: string) {
  await hotSql().executeText(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO "Job" ("id", "kind", "key", "shop", "queue", "payload", "runAt", "attempts", "createdAt")
     SELECT ? || '-' || i, ?, ? || '-' || i, ?, NULL, '{}', ?, 0, ? FROM n`,
    [BLOCKED, kindName, kindName, kindName, shop, new Date(Date.now() - 60_000), new Date()],
  );
}

async function planOf(kinds: JobKinds, free: string[]) {
  const now = new Date();
  const { text, values } = claimStatement(kinds, free, { holder: "plan", leaseUntil: now, now });
  const rows = await hotSql().queryText<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, values);
  return rows.map((row) => row.detail);
}

describe.skipIf(onPostgres())("the small runner's claim", () => {
  it("claims another kind's job past 2,000 due jobs of a kind at its concurrency, by the (kind, runAt) index", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    const kinds: JobKinds = {
      burst: kind({
        handler: async () => async (job) => {
          ran.push(job.id);
          await released;
        },
      }),
      tag: kind({ pause: { holds: true, why: "test" }, handler: async () => async (job) => void ran.push(job.id) }),
    };
    await addBacklog("burst", "burst.myshopify.com");
    const engine = jobEngine(kinds, "test");
    engines.push(engine);
    await engine.queue.start();
    try {
      // The burst's one slot is taken: every claim from now on is for the other kind only.
      await eventually(
        () => ran.length,
        (n) => n === 1,
      );
      await engine.queue.add("tag", { key: "order-1", shop: "open.myshopify.com" });
      await eventually(
        () => ran.filter((id) => !id.startsWith("burst-")).length,
        (n) => n === 1,
      );
      expect(ran.filter((id) => id.startsWith("burst-"))).toHaveLength(1);
    } finally {
      release();
    }

    // What that claim read: the tag kind's (kind, runAt) index, never the burst's jobs.
    const plan = await planOf(kinds, ["tag"]);
    expect(plan.filter((detail) => /^SCAN (Job|j|o|p)\b/.test(detail))).toEqual([]);
    expect(plan.filter((detail) => /^(SCAN|SEARCH) j\b/.test(detail))).toEqual([
      "SEARCH j USING INDEX Job_kind_runAt_idx (kind=? AND runAt<?)",
    ]);
    // Both kinds free: one probe each, then the earlier of the two.
    const both = await planOf(kinds, ["burst", "tag"]);
    expect(both.filter((detail) => /^(SCAN|SEARCH) j\b/.test(detail))).toEqual(
      Array(2).fill("SEARCH j USING INDEX Job_kind_runAt_idx (kind=? AND runAt<?)"),
    );
  });
});
