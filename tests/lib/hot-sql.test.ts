import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { databaseEngine } from "~/db-adapter.server";
import { hotSql } from "~/lib/hot-sql.server";
import { shopDomain } from "../helpers/factories";

const AT = new Date("2026-11-23T17:00:00.000Z");
const sqlite = databaseEngine(process.env.DATABASE_URL) === "sqlite";

describe("the order path's statements without the client (docs/decisions/163)", () => {
  it("writes dates and booleans as the client does, so the client and range conditions read them back", async () => {
    const shop = shopDomain();
    const changed = await hotSql().execute`
      INSERT INTO "Delivery" ("id", "shop", "topic", "eventId", "status", "attempts", "nextAttemptAt", "attemptLog",
        "tagsApplied", "test", "createdAt", "updatedAt")
      VALUES (${`hot-${shop}`}, ${shop}, 'orders/create', ${`event:${shop}`}, 'queued', 0, ${AT}, '[]', '[]', ${true},
        ${AT}, ${AT})`;
    expect(changed).toBe(1);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: `hot-${shop}` } });
    expect(row).toMatchObject({ nextAttemptAt: AT, createdAt: AT, test: true });
    // The claim compares stored dates with a parameter: the two must be in one format.
    const due = await hotSql().query<{ id: string }>`
      SELECT "id" FROM "Delivery" WHERE "shop" = ${shop} AND "nextAttemptAt" <= ${AT}`;
    expect(due.map((entry) => entry.id)).toEqual([`hot-${shop}`]);
    const later = await hotSql().query<{ id: string }>`
      SELECT "id" FROM "Delivery" WHERE "shop" = ${shop} AND "nextAttemptAt" < ${AT}`;
    expect(later).toEqual([]);
  });

  it.runIf(sqlite)(
    "shares the client's connection: a statement waits for the client's open transaction and sees its commit",
    async () => {
      const shop = shopDomain();
      let seenInside: number | null = null;
      await prisma.$transaction(async (tx) => {
        await tx.shopConfiguration.create({ data: { shop } });
        // Issued while the transaction is open: it must run after the COMMIT, never inside or beside it.
        const pending = hotSql().query<{ shop: string }>`SELECT "shop" FROM "ShopConfiguration" WHERE "shop" = ${shop}`;
        void pending.then((rows) => (seenInside = rows.length));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(seenInside).toBeNull();
      });
      await expect.poll(() => seenInside).toBe(1);
    },
  );

  it.runIf(sqlite)("refuses a nested fragment or a list, which it would otherwise send as one value", async () => {
    await expect(hotSql().query`SELECT 1 WHERE 1 IN (${[1, 2]})`).rejects.toThrow(/plain values only/);
  });

  it.runIf(!sqlite)(
    "reads rows on PostgreSQL as the client does: a timestamp as its UTC Date, a count as a bigint (decision 182)",
    async () => {
      const shop = shopDomain();
      await prisma.delivery.create({
        data: { id: `hot-${shop}`, shop, topic: "orders/create", eventId: `event:${shop}`, nextAttemptAt: AT },
      });
      const rows = await hotSql().query<{ nextAttemptAt: Date; test: boolean; n: bigint }>`
        SELECT "nextAttemptAt", "test", (SELECT count(*) FROM "Delivery" WHERE "shop" = ${shop}) AS "n"
        FROM "Delivery" WHERE "id" = ${`hot-${shop}`}`;
      expect(rows).toEqual([{ nextAttemptAt: AT, test: false, n: 1n }]);
    },
  );

  it.runIf(!sqlite)("refuses a list on PostgreSQL too, which pg would send as an array", async () => {
    await expect(hotSql().query`SELECT 1 WHERE 1 = ANY(${[1, 2]})`).rejects.toThrow(/plain values only/);
  });
});
