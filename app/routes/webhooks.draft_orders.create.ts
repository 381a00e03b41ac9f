import { secured } from "../lib/http.server";
import { receiverAction } from "../services/platform/webhooks.server";
import { orderWebhookReceiver } from "../fast-paths/fast-paths.server";

// The receiver comes from the production server's table of fast paths (app/fast-paths/fast-paths.server.ts), which
// answers this path before Remix does; this route serves the development server and anything the fast path passes on.
export const action = secured(receiverAction(orderWebhookReceiver("/webhooks/draft_orders/create")));
