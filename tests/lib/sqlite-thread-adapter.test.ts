import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Prisma } from "@prisma/client";
import type { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import prisma, { sqliteConnection } from "~/db.server";
import { SQLITE_BUSY_TIMEOUT_MS } from "~/db-adapter.server";
import { createSqliteThreadAdapter } from "~/lib/sqlite-thread-adapter.server";
import { postgresTestServer } from "../helpers/postgres";

// The SQLite driver itself: in the PostgreSQL pass the app's client is not on it.
const onSqlite = !postgresTestServer();

const shop = "thread.myshopify.com";

async function settled<T>(promise: Promise<T>, ms = 50) {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return done;
}

describe.runIf(onSqlite)("SQLite on its own thread", () => {
  it("reports a unique violation as Prisma's P2002, naming the field", async () => {
    await prisma.aiConfiguration.create({ data: { shop } });
    const error = await prisma.aiConfiguration.create({ data: { shop } }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect((error as Prisma.PrismaClientKnownRequestError).code).toBe("P2002");
    expect(JSON.stringify((error as Prisma.PrismaClientKnownRequestError).meta)).toContain("shop");
  });

  it("fails only the statement that broke a constraint when statements arrive together and share a commit", async () => {
    await prisma.aiConfiguration.create({ data: { shop } });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        prisma.aiConfiguration.create({ data: { shop: i === 17 ? shop : `s${i}.myshopify.com` } }),
      ),
    );
    const failed = results.flatMap((result, i) => (result.status === "rejected" ? [i] : []));
    expect(failed).toEqual([17]);
    expect(((results[17] as PromiseRejectedResult).reason as { code: string }).code).toBe("P2002");
    expect(await prisma.aiConfiguration.count()).toBe(30);
  });

  it("keeps dates, booleans, big integers and bytes as they were written", async () => {
    const expires = new Date("2026-03-04T05:06:07.089Z");
    await prisma.session.create({
      data: { id: "s1", shop, state: "x", accessToken: "t", isOnline: true, expires, userId: 9007199254740993n },
    });
    const session = await prisma.session.findUniqueOrThrow({ where: { id: "s1" } });
    expect(session.expires?.toISOString()).toBe(expires.toISOString());
    expect(session.isOnline).toBe(true);
    expect(session.userId).toBe(9007199254740993n);
    expect(await prisma.session.count({ where: { expires: { gt: new Date("2026-03-04T05:06:07.000Z") } } })).toBe(1);

    const data = Buffer.from([0, 1, 2, 250, 255]);
    await prisma.temporaryThemeFile.create({
      data: { id: "f1", shop, data, size: data.length, expiresAt: expires, deleteAfter: expires },
    });
    const file = await prisma.temporaryThemeFile.findUniqueOrThrow({ where: { id: "f1" } });
    expect(Buffer.from(file.data).equals(data)).toBe(true);
  });

  it("rolls back everything an interactive transaction did when it throws", async () => {
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.aiConfiguration.create({ data: { shop: "a.myshopify.com" } });
        await tx.aiConfiguration.create({ data: { shop: "b.myshopify.com" } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await prisma.aiConfiguration.count()).toBe(0);
  });

  it("rolls back a transaction whose statement failed, and the connection serves the next one", async () => {
    await prisma.aiConfiguration.create({ data: { shop } });
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.aiConfiguration.create({ data: { shop: "a.myshopify.com" } });
        await tx.aiConfiguration.create({ data: { shop } });
      }),
    ).rejects.toMatchObject({ code: "P2002" });
    expect(await prisma.aiConfiguration.findMany({ select: { shop: true } })).toEqual([{ shop }]);
    await prisma.$transaction(async (tx) => tx.aiConfiguration.create({ data: { shop: "c.myshopify.com" } }));
    expect(await prisma.aiConfiguration.count()).toBe(2);
  });

  it("makes statements from outside an open transaction wait for its end, then see what it committed", async () => {
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = prisma.$transaction(async (tx) => {
      await tx.aiConfiguration.create({ data: { shop: "inside.myshopify.com" } });
      inside();
      await mayCommit;
      await tx.aiConfiguration.create({ data: { shop: "inside-2.myshopify.com" } });
    });
    await started;
    const outside = prisma.aiConfiguration.count();
    expect(await settled(outside)).toBe(false);
    commit();
    await transaction;
    expect(await outside).toBe(2);
  });

  it("runs a batch transaction's statements together, all or none", async () => {
    await prisma.aiConfiguration.create({ data: { shop } });
    await expect(
      prisma.$transaction([
        prisma.aiConfiguration.create({ data: { shop: "a.myshopify.com" } }),
        prisma.aiConfiguration.create({ data: { shop } }),
      ]),
    ).rejects.toMatchObject({ code: "P2002" });
    expect(await prisma.aiConfiguration.count()).toBe(1);
  });

  it("holds the connection to the durability settings: WAL, every commit fsynced, a busy wait, foreign keys", async () => {
    const connection = (await sqliteConnection())!;
    const pragma = async (name: string) => (await connection.statement(`PRAGMA ${name}`, [])).rows[0];
    expect(await pragma("journal_mode")).toEqual({ journal_mode: "wal" });
    // 2 is FULL: an acknowledged webhook's commit is on disk before its answer, power cut included.
    expect(await pragma("synchronous")).toEqual({ synchronous: 2 });
    expect(await pragma("busy_timeout")).toEqual({ timeout: SQLITE_BUSY_TIMEOUT_MS });
    expect(await pragma("foreign_keys")).toEqual({ foreign_keys: 1 });
  });

  it("binds an absent value as NULL (node:sqlite alone refuses undefined) and a boolean as 0/1", async () => {
    const connection = (await sqliteConnection())!;
    const inserted = await connection.statement(
      `INSERT INTO "AiConfiguration" ("shop", "enabled", "instructions", "updatedAt") VALUES (?, ?, ?, ?)`,
      [shop, true, undefined, new Date()],
    );
    expect(inserted.changes).toBe(1);
    const { rows } = await connection.statement(
      `SELECT "enabled", "instructions", typeof("enabled") AS "kind" FROM "AiConfiguration" WHERE "shop" = ?`,
      [shop],
    );
    expect(rows).toEqual([{ enabled: 1, instructions: null, kind: "integer" }]);
  });

  it("answers raw SQL with the rows and the counts of changed rows", async () => {
    const changed =
      await prisma.$executeRaw`INSERT INTO "AiConfiguration" ("shop", "updatedAt") VALUES (${shop}, ${new Date()})`;
    expect(changed).toBe(1);
    const rows = await prisma.$queryRaw<
      { n: number; shop: string }[]
    >`SELECT 1 + 1 AS n, "shop" FROM "AiConfiguration"`;
    expect(rows).toEqual([{ n: 2, shop }]);
    await expect(prisma.$queryRawUnsafe('SELECT * FROM "NoSuchTable"')).rejects.toThrow(/no such table/);
  });
});

describe.runIf(onSqlite)("SQLite thread adapter, group commit", () => {
  const query = (sql: string, args: unknown[] = []) => ({
    sql,
    args,
    argTypes: args.map(() => ({ scalarType: "string" as const, arity: "scalar" as const })),
  });

  it("commits autocommit statements that arrive together once: the log grows by a few pages, not one commit each", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sqlite-thread-"));
    const factory = createSqliteThreadAdapter(`file:${path.join(dir, "group.sqlite")}`, 1000);
    const adapter = await factory.connect();
    try {
      await adapter.executeScript('CREATE TABLE "t" ("id" TEXT PRIMARY KEY, "v" TEXT)');
      await adapter.queryRaw(query("PRAGMA wal_checkpoint(TRUNCATE)"));
      const inserts = Array.from({ length: 100 }, (_, i) =>
        adapter.executeRaw(query('INSERT INTO "t" VALUES (?, ?) ON CONFLICT DO NOTHING', [String(i % 90), "x"])),
      );
      const changed = await Promise.all(inserts);
      expect(changed.filter((count) => count === 1)).toHaveLength(90);
      expect(changed.filter((count) => count === 0)).toHaveLength(10);
      const [busy, frames] = (await adapter.queryRaw(query("PRAGMA wal_checkpoint(PASSIVE)"))).rows[0] as number[];
      expect(busy).toBe(0);
      // One commit per insert would write at least 100 frames (each commit rewrites the table's page).
      expect(frames).toBeGreaterThan(0);
      expect(frames).toBeLessThan(10);
    } finally {
      await adapter.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(onSqlite)("SQLite thread adapter, a group whose transaction fails", () => {
  const insert = (table: string, ...values: string[]) => ({
    sql: `INSERT INTO "${table}" VALUES (${values.map(() => "?").join(", ")})`,
    args: values,
    argTypes: values.map(() => ({ scalarType: "string" as const, arity: "scalar" as const })),
  });
  const ids = { sql: 'SELECT "id" FROM "t" ORDER BY "id"', args: [], argTypes: [] };
  /** SQLite's own message for a statement that failed. */
  const failure = (result: PromiseSettledResult<unknown>) =>
    ((result as PromiseRejectedResult).reason as DriverAdapterError).cause.originalMessage;

  async function withAdapter(
    run: (adapter: Awaited<ReturnType<ReturnType<typeof createSqliteThreadAdapter>["connect"]>>) => Promise<void>,
  ) {
    const dir = mkdtempSync(path.join(tmpdir(), "sqlite-thread-"));
    const adapter = await createSqliteThreadAdapter(`file:${path.join(dir, "failures.sqlite")}`, 1000).connect();
    try {
      await adapter.executeScript(`
        CREATE TABLE "t" ("id" TEXT PRIMARY KEY);
        CREATE TABLE "parent" ("id" TEXT PRIMARY KEY);
        CREATE TABLE "child" ("id" TEXT PRIMARY KEY,
          "parentId" TEXT REFERENCES "parent" ("id") DEFERRABLE INITIALLY DEFERRED);
        CREATE TABLE "ender" ("id" TEXT);
        CREATE TRIGGER "ender_ends_the_transaction" BEFORE INSERT ON "ender"
          BEGIN SELECT RAISE(ROLLBACK, 'the trigger ended the transaction'); END;`);
      await run(adapter);
    } finally {
      await adapter.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("fails every statement of the group when its COMMIT fails (a deferred foreign key), and stores none", async () => {
    await withAdapter(async (adapter) => {
      // Issued in one turn: one group, one BEGIN ... COMMIT. The orphan child passes its own statement and
      // breaks only the COMMIT.
      const results = await Promise.allSettled([
        adapter.executeRaw(insert("t", "a")),
        adapter.executeRaw(insert("child", "c", "no-such-parent")),
        adapter.executeRaw(insert("t", "b")),
      ]);
      expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
      for (const result of results) {
        expect(failure(result)).toMatch(/FOREIGN KEY constraint failed/);
      }
      expect((await adapter.queryRaw(ids)).rows).toEqual([]);
      // The transaction was rolled back: the connection serves the next group.
      expect(await Promise.all([adapter.executeRaw(insert("t", "c")), adapter.executeRaw(insert("t", "d"))])).toEqual([
        1, 1,
      ]);
      expect((await adapter.queryRaw(ids)).rows).toEqual([["c"], ["d"]]);
    });
  });

  it("fails the statements before one that ended the group's transaction, and commits those after it", async () => {
    await withAdapter(async (adapter) => {
      const results = await Promise.allSettled([
        adapter.executeRaw(insert("t", "a")),
        adapter.executeRaw(insert("t", "b")),
        adapter.executeRaw(insert("ender", "x")),
        adapter.executeRaw(insert("t", "c")),
      ]);
      expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected", "fulfilled"]);
      for (const result of results.slice(0, 3)) {
        expect(failure(result)).toMatch(/the trigger ended the transaction/);
      }
      // What a and b wrote went with the transaction; c ran in a transaction of its own.
      expect((await adapter.queryRaw(ids)).rows).toEqual([["c"]]);
    });
  });
});

describe.runIf(onSqlite)("SQLite thread adapter, a thread that dies", () => {
  it("fails what waited with the reason, and the next statement starts a new thread", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sqlite-thread-"));
    const file = path.join(dir, "not-yet", "late.sqlite");
    const adapter = await createSqliteThreadAdapter(`file:${file}`, 1000).connect();
    const select = { sql: "SELECT 1 AS one", args: [], argTypes: [] };
    try {
      // The folder does not exist: the thread cannot open the file and ends.
      await expect(adapter.queryRaw(select)).rejects.toThrow(/SQLite thread failed/);
      mkdirSync(path.dirname(file));
      expect((await adapter.queryRaw(select)).rows).toEqual([[1]]);
    } finally {
      await adapter.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(onSqlite)("SQLite thread adapter, statements sent by number", () => {
  afterEach(() => vi.restoreAllMocks());

  const query = (sql: string, args: unknown[] = []) => ({
    sql,
    args,
    argTypes: args.map(() => ({ scalarType: "string" as const, arity: "scalar" as const })),
  });

  async function withAdapter(
    run: (
      adapter: Awaited<ReturnType<ReturnType<typeof createSqliteThreadAdapter>["connect"]>>,
      dir: string,
    ) => Promise<void>,
  ) {
    const dir = mkdtempSync(path.join(tmpdir(), "sqlite-thread-"));
    const adapter = await createSqliteThreadAdapter(`file:${path.join(dir, "refs.sqlite")}`, 1000).connect();
    try {
      await run(adapter, dir);
    } finally {
      await adapter.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("sends a statement's text once, then its number, and answers each time with its columns", async () => {
    await withAdapter(async (adapter) => {
      await adapter.executeScript('CREATE TABLE "t" ("id" TEXT PRIMARY KEY, "v" TEXT)');
      const posted = vi.spyOn(Worker.prototype, "postMessage");
      const insert = query('INSERT INTO "t" VALUES (?, ?)', ["a", "x"]);
      const select = query('SELECT "id", "v" FROM "t" WHERE "id" >= ?', ["a"]);
      expect(await adapter.executeRaw(insert)).toBe(1);
      expect(await adapter.queryRaw(select)).toMatchObject({ columnNames: ["id", "v"], rows: [["a", "x"]] });
      expect(await adapter.executeRaw({ ...insert, args: ["b", "y"] })).toBe(1);
      expect(await adapter.queryRaw(select)).toMatchObject({
        columnNames: ["id", "v"],
        rows: [
          ["a", "x"],
          ["b", "y"],
        ],
      });
      // No rows: still the statement's columns.
      expect(await adapter.queryRaw({ ...select, args: ["z"] })).toMatchObject({ columnNames: ["id", "v"], rows: [] });
      const sent = posted.mock.calls.flatMap(([messages]) => messages as { sql?: string; ref: number }[]);
      expect(sent.map((message) => message.sql !== undefined)).toEqual([true, true, false, false, false]);
      expect(sent[2].ref).toBe(sent[0].ref);
      expect(sent[3].ref).toBe(sent[1].ref);
    });
  });

  it("answers a statement prepared again after a schema change with its new columns", async () => {
    await withAdapter(async (adapter) => {
      await adapter.executeScript('CREATE TABLE "t" ("id" TEXT PRIMARY KEY)');
      await adapter.executeRaw(query('INSERT INTO "t" VALUES (?)', ["a"]));
      const select = query('SELECT * FROM "t"');
      expect((await adapter.queryRaw(select)).columnNames).toEqual(["id"]);
      await adapter.executeRaw(query('ALTER TABLE "t" ADD COLUMN "v" TEXT DEFAULT \'d\''));
      expect(await adapter.queryRaw(select)).toMatchObject({ columnNames: ["id", "v"], rows: [["a", "d"]] });
    });
  });

  it("teaches a new thread the statements again after the old one died", async () => {
    await withAdapter(async (adapter) => {
      await adapter.executeScript('CREATE TABLE "t" ("id" TEXT PRIMARY KEY)');
      const select = query('SELECT count(*) AS n FROM "t"');
      expect((await adapter.queryRaw(select)).rows).toEqual([[0]]);
      const posted = vi.spyOn(Worker.prototype, "postMessage");
      expect((await adapter.queryRaw(select)).rows).toEqual([[0]]);
      // Known by number now.
      expect((posted.mock.calls[0][0] as { sql?: string }[])[0].sql).toBeUndefined();
      const thread = posted.mock.instances[0] as unknown as Worker;
      const ended = new Promise((resolve) => thread.once("exit", resolve));
      await thread.terminate();
      await ended;
      // The file is the same: the new thread opens it, and gets the statement's text with its first use.
      expect(await adapter.queryRaw(select)).toMatchObject({ columnNames: ["n"], rows: [[0]] });
      expect((posted.mock.calls.at(-1)![0] as { sql?: string }[])[0].sql).toBe(select.sql);
    });
  });
});
