import path from "node:path";
import { PrismaClient, type Prisma } from "@prisma/client";
import { createAdapter } from "~/db-adapter.server";
import { TEST_ENV } from "../../helpers/test-env";

/**
 * The SQLite file the production build under test runs on (app-server.ts migrates it). Pages that load through
 * their loaders read it, so their tests seed it here, with the app's own schema, instead of answering `/api/*`
 * from FakeApi (docs/decisions/133).
 */
export const BROWSER_DATABASE = path.resolve("tmp/browser/app.sqlite");

let client: PrismaClient | null = null;

/** One client per test file on the app's database (the app's own adapter, so writes wait on its lock). */
export function browserDatabase() {
  client ??= new PrismaClient({ adapter: createAdapter(`file:${BROWSER_DATABASE}`) });
  return client;
}

let shops = 0;

/**
 * A shop of its own for one test: its offline session in the app's database, the state right after install. The
 * app process serves every test file, so loader data is kept apart by shop, never by resetting the file.
 */
export async function newShop(label: string) {
  const shop = `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${process.pid}-${++shops}.myshopify.com`;
  await browserDatabase().session.create({
    data: {
      id: `offline_${shop}`,
      shop,
      state: "",
      isOnline: false,
      scope: TEST_ENV.SCOPES,
      accessToken: "shpat_browser_tests",
    },
  });
  await browserDatabase().shopInstallation.create({ data: { shop } });
  return shop;
}

/** Rows of the shop's delivery log, as the worker would have left them. */
export async function seedDeliveries(shop: string, rows: Omit<Prisma.DeliveryCreateManyInput, "shop">[]) {
  await browserDatabase().delivery.createMany({ data: rows.map((row) => ({ ...row, shop })) });
}
