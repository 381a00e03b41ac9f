import type { ShopConfiguration } from "@prisma/client";
import prisma from "../../db.server";
import { constantTimeEqual, lookupHash, lookupHashes, mask, open, seal } from "../../lib/crypto.server";
import { appConnection, fragment, statement } from "../../lib/statement.server";

/** A shop's configuration with its secrets opened: for server code only, never for a response. */
export interface ShopSettings {
  shop: string;
  automationApiKey: string | null;
  newOrderFlowId: string | null;
  abandonedCartFlowId: string | null;
  supplierStoreName: string | null;
  supplierCountry: string | null;
  supplierToken: string | null;
  updatedAt: Date;
}

export type SettingsPatch = Partial<Omit<ShopSettings, "shop" | "updatedAt">>;

/** The columns openSettings reads, as plain SQL selects them. */
function openSettings(row: SettingsRow): ShopSettings {
  return {
    shop: row.shop,
    automationApiKey: row.automationApiKey ? open(row.automationApiKey) : null,
    newOrderFlowId: row.newOrderFlowId,
    abandonedCartFlowId: row.abandonedCartFlowId,
    supplierStoreName: row.supplierStoreName,
    supplierCountry: row.supplierCountry,
    supplierToken: row.supplierToken ? open(row.supplierToken) : null,
    // A Date from either engine; plain SQL on SQLite may hand back the stored text.
    updatedAt: new Date(row.updatedAt),
  };
}

/*
 * The two reads on the order path (the worker's routing, once per shop per claim; every callback's key lookup) are
 * plain SQL on the app's connection: through the ORM each cost several times the main thread's CPU of the statement
 * itself (docs/decisions/120, 160).
 */

/** A shop's configuration as the order path reads it (secrets sealed). */
type SettingsRow = Pick<
  ShopConfiguration,
  | "shop"
  | "automationApiKey"
  | "newOrderFlowId"
  | "abandonedCartFlowId"
  | "supplierStoreName"
  | "supplierCountry"
  | "supplierToken"
  | "updatedAt"
>;

const SETTINGS_COLUMNS = fragment`"shop", "automationApiKey", "newOrderFlowId", "abandonedCartFlowId", "supplierStoreName",
      "supplierCountry", "supplierToken", "updatedAt"`;

/** A shop's configuration. */
const shopSettings = statement<{ shop: string }>`
    SELECT ${SETTINGS_COLUMNS}
    FROM "ShopConfiguration" WHERE "shop" = ${"shop"}`;

/** The configuration whose automation API key has this lookup hash (the unique hash index). */
const shopSettingsByKeyHash = statement<{ hash: string }>`
      SELECT ${SETTINGS_COLUMNS}
      FROM "ShopConfiguration" WHERE "automationApiKeyHash" = ${"hash"}`;

export async function getShopSettings(shop: string): Promise<ShopSettings | null> {
  const row = (await appConnection().query<SettingsRow, { shop: string }>(shopSettings, { shop }))[0];
  return row ? openSettings(row) : null;
}

/**
 * Creates or updates a shop's configuration. Secrets are sealed here and nowhere else; the API key's
 * lookup hash is kept beside it so the callback can find the shop. `undefined` leaves a field as it is,
 * `null` clears it.
 */
export async function saveShopSettings(shop: string, patch: SettingsPatch): Promise<ShopSettings> {
  const data: Record<string, string | null> = {};
  for (const field of ["newOrderFlowId", "abandonedCartFlowId", "supplierStoreName", "supplierCountry"] as const) {
    if (patch[field] !== undefined) data[field] = patch[field];
  }
  if (patch.automationApiKey !== undefined) {
    data.automationApiKey = patch.automationApiKey ? seal(patch.automationApiKey) : null;
    data.automationApiKeyHash = patch.automationApiKey ? lookupHash(patch.automationApiKey) : null;
  }
  if (patch.supplierToken !== undefined) {
    data.supplierToken = patch.supplierToken ? seal(patch.supplierToken) : null;
  }
  const row = await prisma.shopConfiguration.upsert({
    where: { shop },
    create: { shop, ...data },
    update: data,
  });
  return openSettings(row);
}

/**
 * Finds the configuration that owns an automation API key, by its keyed hash (one per encryption
 * key, so a rotation does not break lookups), then confirms the sealed key in constant time.
 */
export async function findSettingsByApiKey(apiKey: string): Promise<ShopSettings | null> {
  // One statement per known key (one, unless a rotation is under way), each served by the unique hash index.
  for (const hash of lookupHashes(apiKey)) {
    const row = (await appConnection().query<SettingsRow, { hash: string }>(shopSettingsByKeyHash, { hash }))[0];
    if (!row) continue;
    const settings = openSettings(row);
    if (settings.automationApiKey && constantTimeEqual(settings.automationApiKey, apiKey)) return settings;
  }
  return null;
}

/** What a response or page may show of a configuration: secrets masked. */
export function publicSettings(settings: ShopSettings) {
  return {
    shop: settings.shop,
    automationApiKey: mask(settings.automationApiKey),
    newOrderFlowId: settings.newOrderFlowId,
    abandonedCartFlowId: settings.abandonedCartFlowId,
    supplierStoreName: settings.supplierStoreName,
    supplierCountry: settings.supplierCountry,
    supplierToken: mask(settings.supplierToken),
    updatedAt: settings.updatedAt.toISOString(),
  };
}
