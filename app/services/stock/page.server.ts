import { z } from "zod";
import { AppError } from "../../lib/http.server";
import { parseInput } from "../../lib/input.server";
import { missingScopesFor } from "../platform/granted-scopes.server";
import { platformGraphql } from "../platform/graphql.server";
import { confirmPriceRule, savePriceRule } from "./price-settings.server";
import { saveStockSyncSettings } from "./records.server";
import { stockSyncOverview } from "./status.server";
import { STOCK_LOCATIONS_QUERY } from "./store-operations.server";
import { syncShopStock } from "./sync.server";

/** What the stock sync needs beyond the install's scopes: optional scopes, asked for when it is turned on. */
export const STOCK_SYNC_SCOPES = ["read_inventory", "write_inventory", "read_locations"];

/** The sync card's data: settings, last run, scopes still missing and (with them) the shop's locations. */
export async function stockSyncCardData(shop: string) {
  const [overview, missing] = await Promise.all([stockSyncOverview(shop), missingScopesFor(shop, STOCK_SYNC_SCOPES)]);
  let locations: { id: string; name: string }[] = [];
  let locationsError: string | null = null;
  if (!missing.length) {
    try {
      const data = await platformGraphql({ shop }, STOCK_LOCATIONS_QUERY);
      locations = data.locations.nodes.filter((location) => location.isActive).map(({ id, name }) => ({ id, name }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      locationsError = error.code;
    }
  }
  return { ...overview, missingScopes: missing, locations, locationsError };
}

const syncInput = z.object({
  associationId: z.string().trim().min(1).max(100).optional(),
});

const settingsInput = z.object({
  enabled: z.enum(["true", "false"], { message: "must be true or false" }).transform((value) => value === "true"),
  locationId: z
    .string()
    .trim()
    .max(200, "is too long")
    .regex(/^gid:\/\/(shopify|platform)\/Location\/\d+$/, "is not a location")
    .optional(),
});

/** The linked products page's sync writes: "Sincronizar ahora" (one product or all) and the sync settings. */
export async function stockSyncAction(shop: string, intent: string, fields: Record<string, string>) {
  if (intent === "price-rule") return savePriceRule(shop, fields);
  if (intent === "price-confirm") return confirmPriceRule(shop, fields);
  if (intent === "sync") {
    const { associationId } = parseInput(syncInput, fields);
    const result = await syncShopStock(shop, {
      trigger: "manual",
      associationIds: associationId ? [associationId] : undefined,
    });
    if (result.status === "busy") throw new AppError(409, result.message ?? "A sync is already running", "sync_busy");
    if (result.status === "not_configured") {
      throw new AppError(400, result.message ?? "Choose a location first", "sync_not_configured");
    }
    return { sync: result };
  }
  const parsed = parseInput(settingsInput, fields);
  if (parsed.enabled) {
    const missing = await missingScopesFor(shop, STOCK_SYNC_SCOPES);
    if (missing.length) {
      throw new AppError(
        403,
        `The app needs these permissions first: ${missing.join(", ")}`,
        "missing_scopes",
        {},
        {},
        { field: "enabled" },
      );
    }
    if (!parsed.locationId) throw AppError.forField("locationId", "is required", { code: "invalid_input" });
  }
  let locationName: string | undefined;
  if (parsed.locationId) {
    const data = await platformGraphql({ shop }, STOCK_LOCATIONS_QUERY);
    const location = data.locations.nodes.find((candidate) => candidate.id === parsed.locationId);
    if (!location) throw AppError.forField("locationId", "is not a location of this shop", { code: "invalid_input" });
    locationName = location.name;
  }
  const settings = await saveStockSyncSettings(shop, {
    enabled: parsed.enabled,
    ...(parsed.locationId ? { locationId: parsed.locationId, locationName } : {}),
  });
  return {
    settings: { enabled: settings.enabled, locationId: settings.locationId, locationName: settings.locationName },
  };
}
