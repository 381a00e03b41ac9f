import { secured } from "../lib/http.server";
import { deleteShopData } from "../services/shops/lifecycle.server";
import { webhookAction } from "../services/platform/webhooks.server";

export const action = secured(
  webhookAction("app/uninstalled", async ({ shop, log }) => {
    const removed = await deleteShopData(shop);
    log.info({ removed }, "shop data deleted on uninstall");
  }),
);
