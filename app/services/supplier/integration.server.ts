import { botFieldIdFor, type SupplierCountryCode } from "../../lib/countries";
import { mask } from "../../lib/crypto.server";
import { AppError } from "../../lib/http.server";
import { listSupplierProducts } from "./products.server";
import { logger } from "../../logger.server";
import { setBotField, type BotFieldOptions } from "../automation/bot-fields.server";
import { getShopSettings, saveShopSettings } from "../shops/configuration.server";

export interface SupplierIntegrationInput {
  storeName: string;
  country: SupplierCountryCode;
  /** Absent on an update: the stored token is kept. */
  token?: string;
}

/**
 * Saves the supplier marketplace integration. The chatbot reads the token from the automation
 * platform's bot field for the country, so that call comes first: if the automation platform does
 * not take the token, nothing is saved here either. The stored token is sent again when only the
 * store or the country changes, so the chosen country's field always holds it.
 */
export async function saveSupplierIntegration(
  shop: string,
  input: SupplierIntegrationInput,
  options: BotFieldOptions = {},
) {
  const settings = await getShopSettings(shop);
  if (!settings?.automationApiKey) {
    throw new AppError(
      400,
      "Configure the automation API key first: the supplier token is stored through the automation platform",
      "automation_not_configured",
    );
  }
  const token = input.token ?? settings.supplierToken;
  if (!token)
    throw AppError.forField("supplier_token", "required for a new supplier configuration", { code: "invalid_input" });
  // A new token is tried on the marketplace before anything is stored: "save" must never keep a refused token.
  if (input.token) await checkSupplierToken(input.token);

  await setBotField(settings.automationApiKey, botFieldIdFor(input.country), token, options);

  const saved = await saveShopSettings(shop, {
    supplierStoreName: input.storeName,
    supplierCountry: input.country,
    ...(input.token ? { supplierToken: input.token } : {}),
  });
  logger
    .child({ shop })
    .info({ country: input.country, tokenChanged: Boolean(input.token) }, "supplier integration saved");
  return {
    shop: saved.shop,
    supplierStoreName: saved.supplierStoreName,
    supplierCountry: saved.supplierCountry,
    supplierToken: mask(saved.supplierToken),
  };
}

/** The shop's supplier token, or a clear 400 when the integration has not been saved. */
export async function requireSupplierToken(shop: string): Promise<string> {
  const settings = await getShopSettings(shop);
  if (!settings?.supplierToken) {
    throw new AppError(
      400,
      "The supplier integration is not configured: save your supplier store, country and token first",
      "supplier_not_configured",
    );
  }
  return settings.supplierToken;
}

/** Asks the marketplace for one product with the token; a refusal or an outage saves nothing. */
async function checkSupplierToken(token: string) {
  const { upstreamError } = await listSupplierProducts(token, {
    pageSize: 1,
    startData: 0,
    privatedProduct: false,
    favorite: false,
  });
  if (!upstreamError) return;
  if (upstreamError.code === "rejected") {
    throw AppError.forField("supplier_token", "the supplier marketplace refused this token; nothing was saved", {
      code: "bad_token",
    });
  }
  throw new AppError(
    502,
    "The supplier marketplace could not check the token; nothing was saved. Try again shortly",
    upstreamError.code === "rate_limited" ? "rate_limited" : "supplier_unavailable",
  );
}
