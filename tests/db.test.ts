import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { SQLITE_BUSY_TIMEOUT_MS } from "~/db-adapter.server";

async function pragma(name: string) {
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
  return Object.values(rows[0])[0];
}

describe("SQLite tuning", () => {
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
