import { createHmac, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { HttpError, type Router, type SimRequest } from "../lib/http";
import { argument, gid, type Resolver } from "./graphql";
import { refuseUndocumentedIdempotency } from "./idempotency";
import type { ShopState } from "./state";

/**
 * Shopify Flow as the simulator plays it (docs/decisions/338, 339). Triggers: `flowTriggerReceive` is checked as
 * the platform checks it, against the app's deployed trigger extensions (extensions/<handle>/shopify.extension.toml):
 * a known handle, a JSON payload of at most 50 KB, the order reference as `order_id` naming an order of the shop,
 * and only the declared fields, each of its type; a refused one answers userErrors. What is taken is recorded on the
 * shop (GET /sim/flow/triggers), every call taken anew: the mutation has no idempotency. Actions: POST
 * /sim/flow/actions/run posts an action run to the extension's runtime path on the app, signed as Flow signs it,
 * with as many copies as asked, at once or one after another.
 */

export const MAX_FLOW_PAYLOAD_BYTES = 50_000;

interface TomlField {
  type: string;
  key?: string;
}
interface FlowExtension {
  type: "flow_trigger" | "flow_action";
  handle: string;
  runtimePath: string | null;
  fields: TomlField[];
}

export interface ReceivedTrigger {
  handle: string;
  payload: Record<string, unknown>;
  receivedAt: string;
}

const EXTENSIONS_DIR = fileURLToPath(new URL("../../extensions/", import.meta.url));
let extensions: Map<string, FlowExtension> | null = null;

/** The app's Flow extensions as deployed: read once from their TOML files. */
export function flowExtensions(): Map<string, FlowExtension> {
  if (extensions) return extensions;
  extensions = new Map();
  for (const folder of readdirSync(EXTENSIONS_DIR)) {
    let text: string;
    try {
      text = readFileSync(`${EXTENSIONS_DIR}${folder}/shopify.extension.toml`, "utf8");
    } catch {
      continue;
    }
    const toml = parse(text) as {
      extensions?: { type: string; handle: string; runtime_url?: string }[];
      settings?: { fields?: TomlField[] };
    };
    for (const extension of toml.extensions ?? []) {
      if (extension.type !== "flow_trigger" && extension.type !== "flow_action") continue;
      extensions.set(extension.handle, {
        type: extension.type,
        handle: extension.handle,
        // An app path as the CLI resolves it (docs/decisions/346), or the path of a full URL.
        runtimePath: extension.runtime_url ? new URL(extension.runtime_url, "https://app.invalid").pathname : null,
        fields: toml.settings?.fields ?? [],
      });
    }
  }
  return extensions;
}

const REFERENCE_KEYS: Record<string, string> = {
  order_reference: "order_id",
  customer_reference: "customer_id",
  product_reference: "product_id",
};

function fieldProblem(type: string, value: unknown): string | null {
  if (type === "number_decimal" || type === "number_integer")
    return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
  if (type === "boolean") return typeof value === "boolean" ? null : "must be a boolean";
  if (type === "date_time" || type === "date")
    return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? null : "must be an ISO 8601 date";
  return typeof value === "string" ? null : "must be a string";
}

/** The userErrors the platform answers for this trigger; none when it is taken. */
export function triggerErrors(shop: ShopState, handle: unknown, payload: unknown) {
  const error = (field: string[], message: string) => [{ field, message }];
  const extension = typeof handle === "string" ? flowExtensions().get(handle) : undefined;
  if (!extension || extension.type !== "flow_trigger") return error(["handle"], `Invalid handle: ${String(handle)}`);
  if (!payload || typeof payload !== "object" || Array.isArray(payload))
    return error(["payload"], "Payload must be a JSON object");
  if (Buffer.byteLength(JSON.stringify(payload)) > MAX_FLOW_PAYLOAD_BYTES)
    return error(["payload"], `Payload is larger than ${MAX_FLOW_PAYLOAD_BYTES / 1000} KB`);
  const values = payload as Record<string, unknown>;
  const declared = new Map<string, string>();
  for (const field of extension.fields) {
    const reference = REFERENCE_KEYS[field.type];
    if (reference) declared.set(reference, field.type);
    else if (field.key) declared.set(field.key, field.type);
  }
  for (const [key, value] of Object.entries(values)) {
    const type = declared.get(key);
    if (!type) return error(["payload", key], `Unknown field: ${key}`);
    if (type === "order_reference") {
      if (!shop.orders.some((order) => order.id === Number(value))) return error(["payload", key], "Order not found");
      continue;
    }
    if (REFERENCE_KEYS[type]) continue;
    const problem = fieldProblem(type, value);
    if (problem) return error(["payload", key], `${key} ${problem}`);
  }
  for (const [type, key] of Object.entries(REFERENCE_KEYS)) {
    if (extension.fields.some((field) => field.type === type) && values[key] === undefined)
      return error(["payload", key], `${key} is required`);
  }
  return [];
}

export const flowResolvers: Record<string, Resolver> = {
  // No idempotency: its description documents none, so @idempotent is refused, and Flow dedupes no payload key; a
  // repeat is a second trigger (docs/decisions/338).
  flowTriggerReceive: (shop, field, variables, context) => {
    refuseUndocumentedIdempotency(field);
    const handle = argument(field, "handle", variables);
    const payload = argument(field, "payload", variables);
    const userErrors = triggerErrors(shop, handle, payload);
    if (userErrors.length) return { userErrors };
    shop.flowTriggers.push({
      handle: handle as string,
      payload: payload as Record<string, unknown>,
      receivedAt: new Date().toISOString(),
    });
    context.emit(`Flow trigger ${String(handle)} received`);
    return { userErrors: [] };
  },
};

/** An action run as Flow posts it: the body, and its signature with the app's secret (X-Shopify-Hmac-Sha256). */
export function signedActionRun(options: {
  shop: string;
  handle: string;
  actionRunId?: string;
  properties: Record<string, unknown>;
  secret: string;
}) {
  const body = JSON.stringify({
    shop_id: gid("Shop", 1),
    shopify_domain: options.shop,
    action_run_id: options.actionRunId ?? randomUUID(),
    action_definition_id: options.handle,
    handle: options.handle,
    properties: options.properties,
  });
  return { body, signature: createHmac("sha256", options.secret).update(body).digest("base64") };
}

export function flowRoutes(
  router: Router,
  options: {
    shopState: (domain: string) => ShopState;
    appUrl: () => string;
    secret: string;
    emit: (message: string) => void;
  },
) {
  const bodyOf = (request: SimRequest) => (request.body.length ? request.json<Record<string, unknown>>() : {});
  router
    .on("GET", "/sim/flow/triggers", (request) => {
      const shop = request.url.searchParams.get("shop") ?? "";
      return { body: { triggers: shop ? options.shopState(shop).flowTriggers : [] } };
    })
    // Body: { shop, handle, order (numeric id), actionRunId?, copies?, concurrent? }.
    .on("POST", "/sim/flow/actions/run", async (request) => {
      const body = bodyOf(request);
      const shop = String(body.shop ?? "");
      const extension = flowExtensions().get(String(body.handle ?? ""));
      if (!extension?.runtimePath || extension.type !== "flow_action") throw new HttpError(400, "Unknown action");
      const run = signedActionRun({
        shop,
        handle: extension.handle,
        actionRunId: typeof body.actionRunId === "string" ? body.actionRunId : undefined,
        properties: { order_id: body.order },
        secret: options.secret,
      });
      const post = async () => {
        const response = await fetch(`${options.appUrl()}${extension.runtimePath}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Shopify-Hmac-Sha256": run.signature },
          body: run.body,
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      const copies = Math.min(10, Math.max(1, Number(body.copies ?? 1)));
      const answers = [];
      if (body.concurrent) answers.push(...(await Promise.all(Array.from({ length: copies }, post))));
      else for (let copy = 0; copy < copies; copy++) answers.push(await post());
      options.emit(`Flow action ${extension.handle} run ${copies}× → ${answers.map((a) => a.status).join(", ")}`);
      return { body: { actionRunId: (JSON.parse(run.body) as { action_run_id: string }).action_run_id, answers } };
    });
}
