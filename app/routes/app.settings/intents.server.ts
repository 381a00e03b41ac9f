import type { AutomationFlow } from "~/lib/api-types";
import type { FailureBody } from "~/lib/errors";
import { AppError, failureData, ok, reportUnexpected, unknownIntent } from "~/lib/http.server";
import { parseInput } from "~/lib/input.server";
import { answerRulesInput, saveAnswerRules } from "~/services/answers/rules.server";
import { listFlows } from "~/services/automation/client.server";
import { automationKeyTestInput, automationSettingsInput } from "~/services/automation/settings-input.server";
import { saveAutomationSettings } from "~/services/automation/settings.server";
import { holdPolicyInput, saveHoldPolicy } from "~/services/holds/settings.server";
import { parseJsonInput } from "~/lib/json.server";
import {
  followInStoreInput,
  receiverUrl,
  rotateReceiverToken,
  saveFollowInStore,
  saveStatusMap,
  statusMapInput,
} from "~/services/journey/settings.server";
import { getShopSettings } from "~/services/shops/configuration.server";
import { incidentFlowInput, saveIncidentFlow } from "~/services/incidents/settings-save.server";
import { carrierPaceInput, saveCarrierPace } from "~/services/journey/pace.server";
import { supplierIntegrationInput } from "~/services/supplier/integration-input.server";
import { requireSupplierToken, saveSupplierIntegration } from "~/services/supplier/integration.server";
import { listSupplierProducts } from "~/services/supplier/products.server";

/** The stored key's flows, or the JSON route's failure body for them (failureData's mapping). */
export type StoredKeyFlows = { flows: AutomationFlow[] | null; failure: FailureBody | null };

export async function storedKeyFlows(shop: string, apiKey: string): Promise<StoredKeyFlows> {
  try {
    return { flows: (await listFlows(apiKey)) as AutomationFlow[], failure: null };
  } catch (error) {
    // Only the flows failed: the page still shows, the failure worded under the key.
    if (!(error instanceof AppError)) {
      const unexpected = reportUnexpected(error, { shop });
      return { flows: null, failure: { success: false, error: String(unexpected.error), code: "internal" } };
    }
    return { flows: null, failure: failureData(error) };
  }
}

/**
 * One form's test or save, by its intent: the services and input schemas of `/api/automation/flows`,
 * `/api/integrations/automation/save`, `/api/supplier/products`, `/api/integrations/supplier/save`,
 * `/api/answer-rules` and `/api/hold-settings`, with their failures and codes. A test never stores anything.
 */
export async function settingsIntent(shop: string, fields: Record<string, string | undefined>): Promise<Response> {
  switch (fields.intent) {
    case "automation-test": {
      // A typed key is tried as it is (fresh: a test that read the cache would test nothing); the stored one else.
      if (fields.apiKey?.trim()) {
        const { apiKey } = parseInput(automationKeyTestInput, fields);
        return ok({ flows: await listFlows(apiKey, { fresh: true }), typed: true });
      }
      const apiKey = (await getShopSettings(shop))?.automationApiKey;
      if (!apiKey) throw new AppError(400, "Save the automation API key first", "not_configured");
      return ok({ flows: await listFlows(apiKey, { fresh: true }), typed: false });
    }
    case "automation-save":
      return ok({ configuration: await saveAutomationSettings(shop, parseInput(automationSettingsInput, fields)) });
    case "supplier-test": {
      // All products, as the catalogue's "All products" counts them (not the favourites it opens on).
      const page = await listSupplierProducts(await requireSupplierToken(shop), {
        pageSize: 1,
        startData: 0,
        privatedProduct: false,
        favorite: false,
      });
      return ok({ total: page.total, upstreamError: page.upstreamError });
    }
    case "supplier-save": {
      const input = parseInput(supplierIntegrationInput, fields);
      return ok({
        configuration: await saveSupplierIntegration(shop, {
          storeName: input.store_name,
          country: input.country,
          token: input.supplier_token,
        }),
      });
    }
    // The status URL is in this answer only: its token is kept as a hash (docs/decisions/321).
    case "supplier-receiver-new":
      return ok({ receiverUrl: receiverUrl(await rotateReceiverToken(shop)) });
    case "journey-follow-save":
      return ok({ follow: await saveFollowInStore(shop, parseInput(followInStoreInput, fields).followInStore) });
    case "supplier-status-map-save":
      await saveStatusMap(shop, parseInput(statusMapInput, parseJsonInput(fields.statusMap ?? "{}")));
      return ok({});
    // Days per carrier and stage, the whole table at once (docs/decisions/303).
    case "supplier-carrier-pace-save":
      await saveCarrierPace(shop, parseInput(carrierPaceInput, parseJsonInput(fields.carrierPace ?? "{}")));
      return ok({});
    // The services of /api/answer-rules and /api/hold-settings (docs/decisions/210, 211).
    case "answers-save":
      return ok({ rules: await saveAnswerRules(shop, parseInput(answerRulesInput, fields).rules) });
    // The delivery-incident flow (docs/decisions/330).
    case "incident-flow-save":
      return ok({ incidentFlow: await saveIncidentFlow(shop, parseInput(incidentFlowInput, fields)) });
    case "holds-save":
      return ok({ policy: await saveHoldPolicy(shop, parseInput(holdPolicyInput, fields)) });
    default:
      throw unknownIntent();
  }
}
