import { readdirSync, readlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { SQLITE_BUSY_TIMEOUT_MS } from "~/db-adapter.server";

async function pragma(name: string) {
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
  return Object.values(rows[0])[0];
}

import { onPostgres } from "./helpers/db";

// The store's own tuning: these are SQLite's (the PostgreSQL pass has nothing of the kind to check).
const sqliteOnly = onPostgres() ? describe.skip : describe;

sqliteOnly("SQLite tuning", () => {
  it("runs in WAL mode so readers do not block the webhook inserts", async () => {
    expect(await pragma("journal_mode")).toBe("wal");
  });

  it("waits for a busy database instead of failing, also on the connection opened after a transaction", async () => {
    expect(Number(await pragma("busy_timeout"))).toBe(SQLITE_BUSY_TIMEOUT_MS);
    await prisma.$transaction([prisma.session.count(), prisma.shopConfiguration.count()]);
    await prisma.$transaction(async (tx) => tx.session.count());
    expect(Number(await pragma("busy_timeout"))).toBe(SQLITE_BUSY_TIMEOUT_MS);
  });
});

sqliteOnly("SQLite transactions", () => {
  const databaseFile = path.resolve(process.env.DATABASE_URL!.replace(/^file:/, ""));
  const openHandles = () =>
    readdirSync("/proc/self/fd").filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === databaseFile;
      } catch {
        return false;
      }
    }).length;

  it("run on the one connection: a thousand transactions open no new database handle", async () => {
    await prisma.session.count();
    const before = openHandles();
    for (let i = 0; i < 1000; i++) await prisma.$transaction(async (tx) => tx.session.count());
    await prisma.$transaction([prisma.session.count(), prisma.aiConfiguration.count()]);
    expect(before).toBeGreaterThan(0);
    expect(openHandles()).toBe(before);
  });

  it("commit what succeeded and roll back what failed", async () => {
    await prisma.$transaction(async (tx) => tx.aiConfiguration.create({ data: { shop: "kept.myshopify.com" } }));
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.aiConfiguration.create({ data: { shop: "dropped.myshopify.com" } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await prisma.aiConfiguration.findMany()).map((row) => row.shop)).toEqual(["kept.myshopify.com"]);
    expect(Number(await pragma("busy_timeout"))).toBe(SQLITE_BUSY_TIMEOUT_MS);
  });
});
