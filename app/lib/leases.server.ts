import { Prisma } from "@prisma/client";
import prisma from "../db.server";

/**
 * A shop's lease in a table of its own (one row per shop: shop, holder, expiresAt), written once here for every
 * lease the app keeps: the stock sync's (docs/decisions/232, 285) and the token exchange's (one per shop). Taken by
 * an insert, or by a conditional update once its holder's time ran out; renewed and released only by its holder.
 * Not a job key: the work these guard is not a job of its own (a sync runs inside the stock-sync job, a token
 * exchange inside whatever call needed the token), and the lease must end the moment the work does.
 */

export type LeaseKind = "stock-sync" | "platform-token";

/** What of a lease table is used here: the two tables have the same three columns. */
interface LeaseTable {
  create(args: { data: { shop: string; holder: string; expiresAt: Date } }): PromiseLike<unknown>;
  updateMany(args: {
    where: { shop: string; holder?: string; expiresAt?: { lt: Date } };
    data: { holder?: string; expiresAt: Date };
  }): PromiseLike<{ count: number }>;
  deleteMany(args: { where: { shop: string; holder: string } }): PromiseLike<unknown>;
}

const TABLES: Record<LeaseKind, () => LeaseTable> = {
  "stock-sync": () => prisma.stockSyncLease,
  "platform-token": () => prisma.platformTokenLease,
};

/** Whether `holder` now holds the shop's lease of this kind, until `expiresAt`. */
export async function takeLease(kind: LeaseKind, shop: string, holder: string, expiresAt: Date, now = new Date()) {
  const table = TABLES[kind]();
  try {
    await table.create({ data: { shop, holder, expiresAt } });
    return true;
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
  const taken = await table.updateMany({ where: { shop, expiresAt: { lt: now } }, data: { holder, expiresAt } });
  return taken.count === 1;
}

/** Moves the lease's end forward while `holder` still holds it; false when it was taken over meanwhile. */
export async function renewLease(kind: LeaseKind, shop: string, holder: string, expiresAt: Date) {
  const renewed = await TABLES[kind]().updateMany({ where: { shop, holder }, data: { expiresAt } });
  return renewed.count === 1;
}

export async function releaseLease(kind: LeaseKind, shop: string, holder: string) {
  await TABLES[kind]().deleteMany({ where: { shop, holder } });
}
