import { secured } from "../lib/http.server";
import { z } from "zod";
import { updateShopScopes } from "../services/shops/lifecycle.server";
import { webhookAction } from "../services/platform/webhooks.server";

const payload = z.object({ current: z.array(z.string()) });

export const action = secured(
  webhookAction("app/scopes_update", async ({ shop, payload: body, log }) => {
    const { current } = payload.parse(body);
    const updated = await updateShopScopes(shop, current);
    log.info({ updated, scopes: current }, "session scopes updated");
  }),
);
