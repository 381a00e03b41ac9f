import { Router, listen, noEvents, sleep, type EventSink, type SimRequest } from "../lib/http";
import { createSupplierOrderStep, type SupplierOrderSettings } from "./supplier-order";

export const SANDBOX_AUTOMATION_KEY = "sandbox-automation-key";

/** How the trigger endpoint answers; `count` requests take the mode, then it goes back to `ok`. */
export type TriggerMode =
  | { kind: "ok" }
  | { kind: "error"; status: number; count?: number }
  | { kind: "timeout"; count?: number }
  | { kind: "rate_limited"; retryAfterSeconds: number; count?: number };

/**
 * How the flow calls back. `status` is the spec's (success, pending, error, failed) or a buyer's answer as a
 * merchant's flow words it (confirmed, completed, refused, cancelled...); "none" never calls back (the buyer never
 * answers). `tags` go in the body as the flow's tags; `copies` sends the same callback that many times (a flow that
 * repeats itself).
 */
export interface CallbackSettings {
  delayMs: number;
  status: string;
  tags?: string[];
  copies?: number;
}

export interface RecordedTrigger {
  flowId: string;
  apiKey: string;
  /** The Idempotency-Key header, or null when the caller sent none. */
  idempotencyKey: string | null;
  payload: Record<string, unknown>;
  receivedAt: string;
  answered: number | "timeout";
}

/** A repeat of an idempotency key already accepted: answered as the first time, not run again. */
export interface DroppedTrigger {
  flowId: string;
  idempotencyKey: string;
  orderName: unknown;
  receivedAt: string;
}

export interface RecordedCallback {
  orderName: unknown;
  status: string;
  url: string;
  httpStatus: number | null;
  body: string;
  at: string;
}

/** A flow as the platform lists it: `id`/`name`, or the older `flow_id`/`flow_name` some accounts still get. */
export type SimFlow =
  | { id: string; name: string; description: string | null; status: string }
  | { flow_id: number; flow_name: string; description: string | null; status: string };

const FLOWS: SimFlow[] = [
  {
    id: "f_101",
    name: "Confirmar pedido contra entrega",
    description: "WhatsApp: confirma dirección y pago COD",
    status: "active",
  },
  { id: "f_202", name: "Carrito abandonado", description: "Recupera carritos por WhatsApp", status: "active" },
  { flow_id: 303, flow_name: "Seguimiento de envío", description: null, status: "draft" },
  { id: "f_404", name: "Novedades de entrega", description: "WhatsApp: rescata la entrega fallida", status: "active" },
];

/**
 * How the delivery-incident flow answers (docs/decisions/331): the buyer's answer it reports, with the new date
 * (days after the trigger) or address; "none" never calls back. Triggers whose eventType is delivery_incident
 * answer this way, after the callback's delay.
 */
export interface IncidentAnswerSettings {
  answer: "new_date" | "new_address" | "office_pickup" | "refused" | "none";
  daysLater?: number;
  newAddress?: string;
}

const INCIDENT_EVENT = "delivery_incident";

/**
 * The automation platform simulator: flows list (bare array, `{ data }` or `{ flows }`), the trigger endpoint
 * recording every payload, a callback to the payload's callbackUrl after a delay with a chosen status,
 * bot fields, and failure modes switchable over HTTP under /sim. Like a receiver that honours the Idempotency-Key
 * header, it runs a key it already accepted only once: a repeat is answered as the first time and listed under
 * `dropped` in GET /sim/triggers (switch off with POST /sim/mode `{ "honourIdempotencyKey": false }`).
 */
export function createAutomationSimulator(
  options: { apiKeys?: string[]; port?: number; events?: EventSink; supplierUrl?: string } = {},
) {
  const events = options.events ?? noEvents;
  const emit = (message: string) => events({ system: "automation", message, at: new Date().toISOString() });
  const apiKeys = new Set(options.apiKeys ?? [SANDBOX_AUTOMATION_KEY]);
  // Accounts seeded under /sim/accounts list their own flows; every other key sees the sandbox's.
  const accountFlows = new Map<string, SimFlow[]>();
  const flowsOf = (apiKey: string) => accountFlows.get(apiKey) ?? FLOWS;
  const triggers: RecordedTrigger[] = [];
  const dropped: DroppedTrigger[] = [];
  /** Keys of the triggers accepted (2xx) and the answer they got, as a receiver that honours the key keeps them. */
  const accepted = new Map<string, { flowId: string }>();
  let honourIdempotencyKey = true;
  const callbacks: RecordedCallback[] = [];
  const botFields: { fieldId: string; apiKey: string; value: string; at: string }[] = [];
  let mode: TriggerMode = { kind: "ok" };
  let remaining = 0;
  let callback: CallbackSettings = { delayMs: 1000, status: "success" };
  let flowShape: "array" | "data" | "flows" = "array";
  let incidentAnswer: IncidentAnswerSettings = { answer: "new_date", daysLater: 2 };
  const pendingCallbacks = new Set<NodeJS.Timeout>();
  const supplierOrders = createSupplierOrderStep({ supplierUrl: options.supplierUrl, emit });
  /** The flow's supplier step, given the buyer's answer: the callback fields it adds (see supplier-order.ts). */
  const supplierStep = (trigger: RecordedTrigger, status: string, tags: readonly string[]) => {
    const token = [...botFields].reverse().find((field) => field.apiKey === trigger.apiKey)?.value ?? null;
    return supplierOrders.onAnswer({ apiKey: trigger.apiKey, payload: trigger.payload, status, tags, token });
  };

  const keyOf = (request: SimRequest) => request.header("X-ACCESS-TOKEN") ?? "";
  const refuse = { status: 401, body: { success: false, message: "Unauthorized: invalid access token" } };

  const currentMode = (): TriggerMode => {
    if (mode.kind === "ok") return mode;
    if (mode.count === undefined) return mode;
    if (remaining <= 0) return { kind: "ok" };
    remaining--;
    return mode;
  };

  /** The incident flow's callback body: the buyer's answer to the incident the trigger named. */
  const incidentBody = (trigger: RecordedTrigger, settings: IncidentAnswerSettings) => {
    const { payload } = trigger;
    const day = new Date(Date.parse(trigger.receivedAt) + (settings.daysLater ?? 2) * 86_400_000);
    return {
      apiKey: payload.callbackApiKey,
      orderName: payload.orderName,
      orderId: payload.orderId,
      shop: payload.shop,
      incidentId: payload.incidentId,
      incidentAnswer: settings.answer,
      ...(settings.answer === "new_date" ? { newDate: day.toISOString().slice(0, 10) } : {}),
      ...(settings.answer === "new_address" ? { newAddress: settings.newAddress ?? "Carrera 7 # 45-10, Bogotá" } : {}),
    };
  };

  const scheduleCallback = (trigger: RecordedTrigger) => {
    const { payload } = trigger;
    const url = typeof payload.callbackUrl === "string" ? payload.callbackUrl : null;
    if (url && payload.eventType === INCIDENT_EVENT) {
      if (incidentAnswer.answer === "none") return;
      const settings = incidentAnswer;
      const timer = setTimeout(() => {
        pendingCallbacks.delete(timer);
        void callBack(url, incidentBody(trigger, settings), `incident:${settings.answer}`);
      }, callback.delayMs);
      pendingCallbacks.add(timer);
      return;
    }
    if (!url || callback.status === "none") return;
    const { status, delayMs, tags } = callback;
    const copies = Math.max(1, Math.min(10, Math.floor(callback.copies ?? 1)));
    const timer = setTimeout(async () => {
      pendingCallbacks.delete(timer);
      const body = {
        apiKey: payload.callbackApiKey,
        orderName: payload.orderName,
        orderId: payload.orderId,
        shop: payload.shop,
        ...(status ? { status } : {}),
        ...(tags?.length ? { tags } : {}),
        ...(await supplierStep(trigger, status, tags ?? [])),
      };
      // The copies go at once, as a flow that fires its callback step twice does.
      await Promise.all(Array.from({ length: copies }, () => callBack(url, body, status)));
    }, delayMs);
    pendingCallbacks.add(timer);
  };

  const callBack = async (url: string, body: Record<string, unknown>, status: string) => {
    const record: RecordedCallback = {
      orderName: body.orderName,
      status,
      url,
      httpStatus: null,
      body: "",
      at: new Date().toISOString(),
    };
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      record.httpStatus = response.status;
      record.body = (await response.text()).slice(0, 500);
    } catch (error) {
      record.body = error instanceof Error ? error.message : String(error);
    }
    callbacks.push(record);
    emit(`callback ${status} for ${String(body.orderName)} → ${record.httpStatus ?? record.body}`);
  };

  const router = new Router()
    .on("GET", "/api/accounts/flows", (request) => {
      if (!apiKeys.has(keyOf(request))) return refuse;
      const flows = flowsOf(keyOf(request));
      const body = flowShape === "array" ? flows : flowShape === "data" ? { data: flows } : { flows };
      return { body };
    })
    .on("POST", "/api/flows/:flowId/trigger", async (request) => {
      if (!apiKeys.has(keyOf(request))) return refuse;
      const { flowId } = request.params;
      if (!flowsOf(keyOf(request)).some((flow) => String("id" in flow ? flow.id : flow.flow_id) === flowId)) {
        return { status: 404, body: { success: false, message: `Flow ${flowId} not found` } };
      }
      let payload: Record<string, unknown>;
      try {
        payload = request.json<Record<string, unknown>>();
      } catch {
        return { status: 400, body: { success: false, message: "Body must be JSON" } };
      }
      const name = String(payload.orderName ?? payload.draftOrderName ?? "?");
      const idempotencyKey = request.header("Idempotency-Key") ?? null;
      const first = idempotencyKey && honourIdempotencyKey ? accepted.get(idempotencyKey) : undefined;
      if (idempotencyKey && first) {
        dropped.push({ flowId, idempotencyKey, orderName: payload.orderName, receivedAt: new Date().toISOString() });
        emit(`trigger ${flowId} ${name}: repeat of ${idempotencyKey} dropped (idempotency key)`);
        return { body: { success: true, message: "Flow triggered", flowId: first.flowId } };
      }
      const now = currentMode();
      const record: RecordedTrigger = {
        flowId,
        apiKey: keyOf(request),
        idempotencyKey,
        payload,
        receivedAt: new Date().toISOString(),
        answered: 200,
      };
      triggers.push(record);
      if (now.kind === "timeout") {
        record.answered = "timeout";
        emit(`trigger ${flowId} ${name}: hanging (timeout mode)`);
        await sleep(60_000);
        return { status: 504, body: { success: false } };
      }
      if (now.kind === "rate_limited") {
        record.answered = 429;
        emit(`trigger ${flowId} ${name}: 429, retry after ${now.retryAfterSeconds}s`);
        return {
          status: 429,
          headers: { "Retry-After": String(now.retryAfterSeconds) },
          body: { success: false, message: "Too many requests" },
        };
      }
      if (now.kind === "error") {
        record.answered = now.status;
        emit(`trigger ${flowId} ${name}: answered ${now.status}`);
        return {
          status: now.status,
          body: { success: false, message: now.status >= 500 ? "Internal server error" : "Request refused" },
        };
      }
      emit(`trigger ${flowId} ${name} received (${String(payload.eventType)})`);
      if (idempotencyKey) accepted.set(idempotencyKey, { flowId });
      scheduleCallback(record);
      return { body: { success: true, message: "Flow triggered", flowId } };
    })
    .on("POST", "/api/accounts/bot_fields/:fieldId", (request) => {
      const apiKey = keyOf(request);
      if (!apiKeys.has(apiKey)) return refuse;
      const value = request.form().get("value") ?? "";
      if (!value) return { status: 422, body: { success: false, message: "value is required" } };
      botFields.push({ fieldId: request.params.fieldId, apiKey, value, at: new Date().toISOString() });
      emit(`bot field ${request.params.fieldId} stored`);
      return { body: { success: true, data: { id: Number(request.params.fieldId), value: "saved" } } };
    })

    .on("GET", "/sim/triggers", (request) => {
      const flowId = request.url.searchParams.get("flowId");
      const apiKey = request.url.searchParams.get("apiKey");
      const pick = <T extends { flowId: string }>(list: T[]) =>
        flowId ? list.filter((t) => t.flowId === flowId) : list;
      const mine = apiKey ? triggers.filter((t) => t.apiKey === apiKey) : triggers;
      return { body: { triggers: pick(mine), dropped: pick(dropped), droppedCount: pick(dropped).length } };
    })
    // An account of its own (one per test shop in the browser tests): its key is accepted and lists these flows.
    .on("POST", "/sim/accounts", (request) => {
      const body = request.json<{ apiKey?: string; flows?: SimFlow[] }>();
      if (typeof body.apiKey !== "string" || !body.apiKey)
        return { status: 400, body: { error: "apiKey is required" } };
      apiKeys.add(body.apiKey);
      if (body.flows) accountFlows.set(body.apiKey, body.flows);
      return { status: 201, body: { apiKey: body.apiKey, flows: flowsOf(body.apiKey) } };
    })
    // The buyer answers now, for an order whose flow was triggered: the flow's callback with this status and/or
    // tags (`copies` times at once), as with POST /sim/mode's callback but on command.
    // The buyer answers the incident flow now: POST /sim/answer-incident { orderName, answer, daysLater, newAddress }.
    .on("POST", "/sim/answer-incident", async (request) => {
      const body = request.json<Partial<IncidentAnswerSettings> & { orderName?: string }>();
      const trigger = [...triggers]
        .reverse()
        .find(
          (candidate) =>
            candidate.payload.eventType === INCIDENT_EVENT && candidate.payload.orderName === body.orderName,
        );
      const url = trigger && typeof trigger.payload.callbackUrl === "string" ? trigger.payload.callbackUrl : null;
      if (!trigger || !url) return { status: 404, body: { error: "no incident trigger for that order" } };
      const settings = { ...body, answer: body.answer ?? "new_date" } as IncidentAnswerSettings;
      const before = callbacks.length;
      await callBack(url, incidentBody(trigger, settings), `incident:${settings.answer}`);
      return { body: { callbacks: callbacks.slice(before) } };
    })
    .on("POST", "/sim/answer", async (request) => {
      const body = request.json<{ orderName?: string; status?: string; tags?: string[]; copies?: number }>();
      const trigger = [...triggers]
        .reverse()
        .find(
          (candidate) =>
            candidate.payload.orderName === body.orderName && candidate.payload.eventType !== INCIDENT_EVENT,
        );
      const url = trigger && typeof trigger.payload.callbackUrl === "string" ? trigger.payload.callbackUrl : null;
      if (!trigger || !url) return { status: 404, body: { error: "no trigger for that order" } };
      const status = typeof body.status === "string" ? body.status : "";
      const tags = Array.isArray(body.tags) ? body.tags.map(String) : [];
      const answer = {
        apiKey: trigger.payload.callbackApiKey,
        orderName: trigger.payload.orderName,
        orderId: trigger.payload.orderId,
        shop: trigger.payload.shop,
        ...(status ? { status } : {}),
        ...(tags.length ? { tags } : {}),
        ...(await supplierStep(trigger, status, tags)),
      };
      const copies = Math.max(1, Math.min(10, Math.floor(Number(body.copies ?? 1))));
      const before = callbacks.length;
      await Promise.all(Array.from({ length: copies }, () => callBack(url, answer, status)));
      return { body: { callbacks: callbacks.slice(before) } };
    })
    .on("GET", "/sim/callbacks", () => ({ body: { callbacks } }))
    .on("GET", "/sim/bot-fields", () => ({ body: { botFields } }))
    .on("GET", "/sim/mode", () => ({
      body: { mode, remaining, callback, flowShape, honourIdempotencyKey, incident: incidentAnswer },
    }))
    .on("POST", "/sim/mode", (request) => {
      const body = request.json<{
        trigger?: TriggerMode;
        callback?: Partial<CallbackSettings>;
        flowShape?: typeof flowShape;
        apiKeys?: string[];
        honourIdempotencyKey?: boolean;
        supplierOrders?: Partial<SupplierOrderSettings>;
        incident?: IncidentAnswerSettings;
      }>();
      if (body.incident) incidentAnswer = { ...body.incident };
      if (body.supplierOrders) supplierOrders.configure(body.supplierOrders);
      if (typeof body.honourIdempotencyKey === "boolean") honourIdempotencyKey = body.honourIdempotencyKey;
      if (body.trigger) {
        mode = body.trigger;
        remaining = "count" in mode && mode.count !== undefined ? mode.count : 0;
        emit(`trigger mode: ${JSON.stringify(mode)}`);
      }
      if (body.callback) callback = { ...callback, ...body.callback };
      if (body.flowShape) flowShape = body.flowShape;
      for (const key of body.apiKeys ?? []) apiKeys.add(key);
      return {
        body: { mode, remaining, callback, flowShape, honourIdempotencyKey, supplierOrders: supplierOrders.settings() },
      };
    })
    .on("GET", "/sim/supplier-orders", () => ({
      body: { settings: supplierOrders.settings(), placed: supplierOrders.placed },
    }))
    .on("POST", "/sim/reset", () => {
      triggers.length = 0;
      dropped.length = 0;
      accepted.clear();
      honourIdempotencyKey = true;
      callbacks.length = 0;
      botFields.length = 0;
      supplierOrders.reset();
      mode = { kind: "ok" };
      callback = { delayMs: 1000, status: "success" };
      incidentAnswer = { answer: "new_date", daysLater: 2 };
      for (const timer of pendingCallbacks) clearTimeout(timer);
      pendingCallbacks.clear();
      return { body: { reset: true } };
    });

  return {
    router,
    triggers,
    dropped,
    callbacks,
    supplierOrders,
    async listen(port = options.port ?? 0) {
      const listening = await listen(router, port);
      return {
        ...listening,
        close: async () => {
          for (const timer of pendingCallbacks) clearTimeout(timer);
          await listening.close();
        },
      };
    },
  };
}
