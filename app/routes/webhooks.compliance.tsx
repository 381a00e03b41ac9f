import { secured } from "../lib/http.server";
import { recordDataRequest, redactCustomer, redactShop } from "../services/shops/privacy.server";
import { webhookAction } from "../services/platform/webhooks.server";

// The platform's mandatory privacy topics share one receiver (shopify.app.toml: compliance_topics).
// A failure answers 500 so the platform delivers again: these requests must not be dropped.
export const action = secured(
  webhookAction(
    ["customers/data_request", "customers/redact", "shop/redact"],
    async ({ topic, shop, payload, log }) => {
      if (topic === "customers/data_request") {
        const request = await recordDataRequest(shop, payload);
        log.info({ privacyRequestId: request.id }, "customer data request recorded");
      } else if (topic === "customers/redact") {
        log.info({ erased: await redactCustomer(shop, payload) }, "customer data redacted");
      } else {
        log.info({ removed: await redactShop(shop) }, "shop data redacted");
      }
    },
    { retryOnFailure: true },
  ),
);
