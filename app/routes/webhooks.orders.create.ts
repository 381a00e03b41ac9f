import { secured } from "../lib/http.server";
import { receiverAction } from "../services/platform/webhooks.server";
import { deliveryReceiver } from "../services/deliveries/receive.server";

// In production the node server answers this path before Remix does, with the same receiver
// (app/webhook-fast-path.server.ts); this route serves the development server and anything the fast path passes on.
export const action = secured(receiverAction(deliveryReceiver("orders/create")));
