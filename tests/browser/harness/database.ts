import path from "node:path";
import { PrismaClient, type Prisma } from "@prisma/client";
import { createAdapter } from "~/db-adapter.server";
import { lookupHash, seal } from "~/lib/crypto.server";
import { TEST_ENV } from "../../helpers/test-env";
import { seedPlatformShop } from "./simulator-seed";

/**
 * The SQLite file the production build under test runs on (app-server.ts migrates it). Pages that load through
 * their loaders read it, so their tests seed it here, with the app's own schema (docs/decisions/133).
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
 * A shop of its own for one test: its offline session in the app's database (sealed, as the app stores it) and
 * the platform simulator's shop accepting that token (its demo products and a few past orders until the test seeds
 * its own), the state right after install. The app process serves every test file, so loader data is kept apart
 * by shop, never by resetting the file.
 */
export async function newShop(label: string) {
  const shop = `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${process.pid}-${++shops}.myshopify.com`;
  const accessToken = `shpat_browser_${process.pid}_${shops}`;
  await browserDatabase().session.create({
    data: {
      id: `offline_${shop}`,
      shop,
      state: "",
      isOnline: false,
      scope: TEST_ENV.SCOPES,
      accessToken: seal(accessToken),
      // An expiring offline token, as the platform issues them now: a non-expiring one the app would exchange first.
      expires: new Date(Date.now() + 365 * 86_400_000),
      refreshToken: seal(`shprt_browser_${process.pid}_${shops}`),
      refreshTokenExpires: new Date(Date.now() + 365 * 86_400_000),
    },
  });
  await browserDatabase().shopInstallation.create({ data: { shop } });
  await seedPlatformShop(shop, { accessToken });
  return shop;
}

export interface ConfigurationSeed {
  automationApiKey?: string | null;
  newOrderFlowId?: string | null;
  abandonedCartFlowId?: string | null;
  supplierStoreName?: string | null;
  supplierCountry?: string | null;
  supplierToken?: string | null;
}

/**
 * The shop's saved settings, as the settings service writes them: secrets sealed with the app's key, the
 * automation key's lookup hash beside it (the callback finds the shop by it).
 */
export async function seedConfiguration(shop: string, seed: ConfigurationSeed) {
  const { automationApiKey, supplierToken, ...plain } = seed;
  await browserDatabase().shopConfiguration.create({
    data: {
      shop,
      ...plain,
      automationApiKey: automationApiKey ? seal(automationApiKey) : null,
      automationApiKeyHash: automationApiKey ? lookupHash(automationApiKey) : null,
      supplierToken: supplierToken ? seal(supplierToken) : null,
    },
  });
}

/** Rows of the shop's delivery log, as the worker would have left them. */
export async function seedDeliveries(shop: string, rows: Omit<Prisma.DeliveryCreateManyInput, "shop">[]) {
  await browserDatabase().delivery.createMany({ data: rows.map((row) => ({ ...row, shop })) });
}
