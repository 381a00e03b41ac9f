import type { ShopConfiguration } from "@prisma/client";
import { appConnection, fragment, statement } from "../../lib/statement.server";

/*
 * The two reads of a shop's configuration on the order path (the worker's routing, once per shop per claim; every
 * callback's key lookup): plain SQL on the app's connection, since through the ORM each cost several times the main
 * thread's CPU of the statement itself (docs/decisions/120, 160). configuration.server.ts opens the secrets.
 */

/** A shop's configuration as the order path reads it (secrets sealed). */
export type SettingsRow = Pick<
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

/** A shop's configuration row, sealed secrets as stored; undefined when it has none. */
export async function readSettingsRow(shop: string): Promise<SettingsRow | undefined> {
  return (await appConnection().query<SettingsRow, { shop: string }>(shopSettings, { shop }))[0];
}

/** The configuration row whose automation API key has this lookup hash. */
export async function readSettingsRowByKeyHash(hash: string): Promise<SettingsRow | undefined> {
  return (await appConnection().query<SettingsRow, { hash: string }>(shopSettingsByKeyHash, { hash }))[0];
}
