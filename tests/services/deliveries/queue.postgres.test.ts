import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { claimDue, completeDelivery, renewLeases, skipDelivery } from "~/services/deliveries/queue.server";
import { MAX_ATTEMPTS } from "~/services/deliveries/retry-policy.server";
import { listenForNotifications, notifyWorkers } from "~/services/deliveries/wake.server";
import { postgresTestServer } from "../../helpers/postgres";

// Runs in the PostgreSQL pass of the suite (`npm run test:postgres`, part of `npm test`; CI never skips it), where
// this file's database is a real PostgreSQL one.
const onPostgres = Boolean(postgresTestServer());
const T0 = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.runIf(onPostgres)("the outbox queue on a real PostgreSQL", () => {
  const cluster = { prisma, url: process.env.DATABASE_URL! };

  beforeEach(async () => {
    await cluster.prisma.$executeRawUnsafe(`TRUNCATE "Delivery" CASCADE`);
  });

  async function queue(count: number, fields: Record<string, unknown> = {}) {
    await cluster.prisma.delivery.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        shop: "pg-shop.myshopify.com",
        topic: "orders/create",
        eventId: `event-${i}-${Math.random()}`,
        payload: "{}",
        nextAttemptAt: at(-60_000 + i),
        ...fields,
      })),
    });
  }

  const claim = (owner: string, limit: number, now = T0) => claimDue({ owner, now, limit, leaseMs: 30_000 });

  it("never hands one delivery to two of eight workers claiming at the same time", async () => {
    await queue(200);
    const won: string[][] = Array.from({ length: 8 }, () => []);
    await Promise.all(
      won.map(async (ids, worker) => {
        for (;;) {
          const { deliveries } = await claim(`worker-${worker}`, 7);
          if (!deliveries.length) return;
          ids.push(...deliveries.map((row) => row.id));
        }
      }),
    );
    const all = won.flat();
    expect(all).toHaveLength(200);
    expect(new Set(all).size).toBe(200);
    // The work was shared, not taken by whoever came first.
    expect(won.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
    const rows = await cluster.prisma.delivery.findMany();
    expect(rows.every((row) => row.status === "delivering" && row.attempts === 1)).toBe(true);
  });

  it("skips rows another transaction holds instead of waiting for it (SKIP LOCKED)", async () => {
    await queue(10);
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      const locked = await holder.query<{ id: string }>(
        `SELECT "id" FROM "Delivery" ORDER BY "nextAttemptAt" LIMIT 4 FOR UPDATE`,
      );
      const started = Date.now();
      const { deliveries } = await claim("other", 10);
      expect(Date.now() - started).toBeLessThan(2_000);
      const lockedIds = locked.rows.map((row) => row.id);
      expect(deliveries).toHaveLength(6);
      expect(deliveries.some((row) => lockedIds.includes(row.id))).toBe(false);
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
  });

  it("takes over an expired lease, leaves a live one, and renews only its own", async () => {
    await queue(1, { status: "delivering", leaseOwner: "gone", leaseExpiresAt: at(-1), attempts: 1 });
    await queue(1, { status: "delivering", leaseOwner: "alive", leaseExpiresAt: at(60_000), attempts: 1 });
    const { token, deliveries } = await claim("mine", 5);
    expect(deliveries.map((row) => [row.leaseOwner, row.attempts])).toEqual([[token, 2]]);
    expect(await renewLeases([token], at(90_000))).toBe(1);
    expect(await cluster.prisma.delivery.count({ where: { leaseOwner: "alive", leaseExpiresAt: at(60_000) } })).toBe(1);
    const [mine] = deliveries;
    expect(await completeDelivery(mine, { flowId: "f_101", attemptLog: "[]" }, at(1))).toBe(true);
    expect(await skipDelivery(mine, { code: "no_api_key" }, at(2))).toBe(false);
    expect(await cluster.prisma.delivery.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({
      status: "delivered",
      deliveredAt: at(1),
      leaseOwner: null,
    });
  });

  it("buries an expired lease on its last attempt and claims the other expired one first, in one claim", async () => {
    await queue(2);
    await queue(1, { status: "delivering", leaseOwner: "gone", leaseExpiresAt: at(-1), attempts: MAX_ATTEMPTS });
    await queue(1, {
      status: "delivering",
      leaseOwner: "gone",
      leaseExpiresAt: at(-2),
      attempts: 2,
      eventId: "late",
      nextAttemptAt: at(-30_000),
    });
    const { token, deliveries, buried } = await claim("mine", 2);
    expect(buried.map((row) => [row.status, row.attempts, row.lastErrorCode, row.leaseOwner])).toEqual([
      ["dead", MAX_ATTEMPTS, "worker_stopped", null],
    ]);
    // The expired lease is taken before the due rows (though due later), then the earliest due row; the other
    // due row waits for the next claim. Returned in due order.
    expect(deliveries.map((row) => [row.eventId, row.attempts, row.leaseOwner])).toEqual([
      [expect.stringMatching(/^event-0-/), 1, token],
      ["late", 3, token],
    ]);
    expect(deliveries[0].nextAttemptAt).toBeInstanceOf(Date);
    expect(deliveries[0]).not.toHaveProperty("claimBuried");
    expect(await cluster.prisma.delivery.count({ where: { status: "queued" } })).toBe(1);
  });

  it("wakes a worker of another process through LISTEN/NOTIFY", async () => {
    let woken = 0;
    const listener = listenForNotifications(() => woken++, cluster.url);
    try {
      // The listener wakes once when it connects (rows stored while it was away), then on every notification.
      await expect.poll(() => woken, { timeout: 5_000 }).toBe(1);
      await notifyWorkers();
      await expect.poll(() => woken, { timeout: 5_000 }).toBe(2);
    } finally {
      await listener.close();
    }
  });
});
