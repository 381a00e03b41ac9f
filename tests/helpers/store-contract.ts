import { randomUUID } from "node:crypto";
import prisma, { sqliteConnection } from "~/db.server";
import type { DeliveryRow } from "~/services/deliveries/store";
import { onPostgres } from "./db";

/** A new delivery's row as the receiver would insert it, received and due at `now`. */
export function newDeliveryRow(now: Date, shop: string, overrides: Partial<DeliveryRow> = {}): DeliveryRow {
  const resourceId = String(Math.floor(Math.random() * 1e12));
  return {
    id: randomUUID(),
    shop,
    topic: "orders/create",
    eventId: `event:${randomUUID()}`,
    resourceId,
    orderId: `gid://shopify/Order/${resourceId}`,
    orderName: `#${resourceId.slice(0, 5)}`,
    customerId: null,
    checkoutToken: null,
    cartToken: null,
    status: "queued",
    lastError: null,
    lastErrorCode: null,
    lastErrorParams: null,
    nextAttemptAt: now,
    payload: "{}",
    buyer: null,
    test: false,
    searchKey: null,
    receivedAt: now,
    ...overrides,
  };
}

/**
 * Holds the app's SQLite connection in an open transaction until the returned function is called (and awaited):
 * statements issued meanwhile wait on the thread, then run together as one group (one BEGIN ... COMMIT).
 */
export async function holdSqliteConnection(): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const holder = prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      held();
      await released;
    },
    { timeout: 10_000 },
  );
  await holding;
  return async () => {
    release();
    await holder;
  };
}

/**
 * SQLite: a statement that succeeds by itself and breaks its group's COMMIT (an orphan row under a deferred foreign
 * key, in tables made for it).
 */
export async function orphanUnderDeferredKey(): Promise<string> {
  await prisma.$executeRawUnsafe(`CREATE TABLE "TestParent" ("id" TEXT PRIMARY KEY)`);
  await prisma.$executeRawUnsafe(
    `CREATE TABLE "TestChild" ("id" TEXT PRIMARY KEY, "parentId" TEXT REFERENCES "TestParent" ("id") DEFERRABLE INITIALLY DEFERRED)`,
  );
  return `INSERT INTO "TestChild" VALUES ('orphan', 'no-such-parent')`;
}

/** PostgreSQL: a deferred constraint trigger on "Delivery" that refuses at COMMIT, after the write itself passed. */
export async function refuseDeliveryWritesAtCommit() {
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION test_refuse_at_commit() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$ LANGUAGE plpgsql`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE CONSTRAINT TRIGGER "test_refuse_at_commit" AFTER INSERT OR UPDATE ON "Delivery" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_refuse_at_commit()`,
  );
}

/**
 * Runs `writes` so that the commit of every one of them fails while each statement itself succeeds. SQLite: they
 * share one group commit with an orphan row under a deferred foreign key, which breaks only the group's COMMIT.
 * PostgreSQL, where each statement commits on its own: a deferred constraint trigger on "Delivery".
 */
export async function commitFailing(writes: () => Promise<unknown>[]): Promise<PromiseSettledResult<unknown>[]> {
  if (onPostgres()) {
    await refuseDeliveryWritesAtCommit();
    try {
      return await Promise.allSettled(writes());
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "test_refuse_at_commit" ON "Delivery"`);
    }
  }
  const poison = await orphanUnderDeferredKey();
  const connection = (await sqliteConnection())!;
  const release = await holdSqliteConnection();
  const pending = writes();
  const orphan = connection.statement(poison, []);
  // Every statement is on the thread, waiting for the transaction; then all of them run as one group.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await release();
  // The orphan fails with its group (its own failure is not what the cases look at).
  const [results] = await Promise.all([Promise.allSettled(pending), orphan.catch(() => undefined)]);
  return results;
}

/** Drops what commitFailing set up (after a failed case too). */
export async function removeCommitFailure() {
  const statements = onPostgres()
    ? [
        `DROP TRIGGER IF EXISTS "test_refuse_at_commit" ON "Delivery"`,
        `DROP FUNCTION IF EXISTS test_refuse_at_commit()`,
      ]
    : [`DROP TABLE IF EXISTS "TestChild"`, `DROP TABLE IF EXISTS "TestParent"`];
  for (const statement of statements) await prisma.$executeRawUnsafe(statement);
}
