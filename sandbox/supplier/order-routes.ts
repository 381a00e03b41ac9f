import { HttpError, type Router, type SimRequest, type SimResponse } from "../lib/http";
import { isScriptName, isSpelling, SCRIPTS, SPELLINGS } from "./lifecycle";
import { createOrderStore, OrderInputError, publicOrder, type SupplierOrder } from "./orders";
import { createRateLimiter, type RateLimitSettings } from "./rate-limit";
import { createStatusPusher } from "./status-push";

/**
 * The marketplace's order side: integrations create and read orders under their integration key (rate limited
 * per token), each order walks the lifecycle on a clock or on command, and every change is pushed to the URL the
 * account registered. Paths and the key's header name are configurable (docs/decisions/325).
 */

export interface OrderSideOptions {
  /** The accepted integration keys (the simulator's own set, shared with the product index). */
  tokens: Set<string>;
  emit: (message: string) => void;
  /** The key's header; `supplier-integration-key` unless told (some deployments say `dropi-integration-key`). */
  keyHeader?: string;
  /** Moves every order one step this often; never when absent (tests move orders on command). */
  stepEveryMs?: number;
  rateLimit?: Partial<RateLimitSettings>;
}

const MAX_BODY_BYTES = 64 * 1024;

const refuse = (status: number, message: string): SimResponse => ({
  status,
  body: { isSuccess: false, status, message },
});

export function addOrderRoutes(router: Router, options: OrderSideOptions) {
  const store = createOrderStore();
  const pusher = createStatusPusher({ emit: options.emit });
  const limiter = createRateLimiter(options.rateLimit);
  let keyHeader = options.keyHeader ?? "supplier-integration-key";
  let clock: NodeJS.Timeout | null = null;
  let stepEveryMs = 0;

  const changed = (order: SupplierOrder | null) => {
    if (order) pusher.statusChanged(order);
    return order;
  };

  function tick() {
    const moved = store.moving().map((order) => changed(store.advance(order)));
    return moved.filter((order): order is SupplierOrder => order !== null);
  }

  function setClock(ms: number) {
    if (clock) clearInterval(clock);
    clock = null;
    stepEveryMs = ms > 0 ? Math.max(10, Math.floor(ms)) : 0;
    if (stepEveryMs) clock = setInterval(tick, stepEveryMs).unref();
  }
  setClock(options.stepEveryMs ?? 0);

  /** The key check and the per-token limit every integration call passes through, in the marketplace's order. */
  function admit(request: SimRequest): { token: string } | { refused: SimResponse } {
    if (request.body.length > MAX_BODY_BYTES) return { refused: refuse(413, "Request body too large") };
    const token = request.header(keyHeader) ?? "";
    if (!options.tokens.has(token)) return { refused: refuse(401, "Access denied") };
    const decision = limiter.take(token);
    if (!decision.allowed) {
      return {
        refused: {
          status: 429,
          headers: { "Retry-After": String(decision.retryAfterS), "X-RateLimit-Remaining": "0" },
          body: { message: "Too Many Attempts." },
        },
      };
    }
    return { token };
  }

  const create = (request: SimRequest): SimResponse => {
    const admitted = admit(request);
    if ("refused" in admitted) return admitted.refused;
    let body: Record<string, unknown>;
    try {
      body = request.json<Record<string, unknown>>();
    } catch {
      return refuse(400, "Body must be JSON");
    }
    try {
      const order = changed(store.create(admitted.token, body ?? {}))!;
      options.emit(`order ${order.id} created for shop order ${order.shop_order_id || "(none)"}`);
      return { body: { isSuccess: true, status: 200, message: "Orden creada", objects: publicOrder(order) } };
    } catch (error) {
      if (error instanceof OrderInputError) return refuse(422, error.message);
      throw error;
    }
  };

  const read = (request: SimRequest): SimResponse => {
    const admitted = admit(request);
    if ("refused" in admitted) return admitted.refused;
    const order = store.get(request.params.id);
    if (!order || order.token !== admitted.token) return refuse(404, "Orden no encontrada");
    return { body: { isSuccess: true, status: 200, message: "", objects: publicOrder(order) } };
  };

  const simOrder = (request: SimRequest) => {
    const order = store.get(request.params.id);
    if (!order) throw new HttpError(404, "no such order");
    return order;
  };
  const withOrder = (handler: (order: SupplierOrder, request: SimRequest) => SimResponse) => (request: SimRequest) => {
    const order = store.get(request.params.id);
    return order ? handler(order, request) : { status: 404, body: { error: "no such order" } };
  };

  router
    .on("POST", "/integrations/orders/myorders", create)
    .on("POST", "/orders/myorders", create)
    .on("GET", "/integrations/orders/myorders/:id", read)
    .on("GET", "/orders/myorders/:id", read)
    // The merchant pastes the app's receiver URL in the panel for this account.
    .on("POST", "/sim/status-webhook", (request) => {
      const body = request.json<{ token?: string; url?: string | null }>();
      if (typeof body.token !== "string" || !body.token) return { status: 400, body: { error: "token is required" } };
      if (body.url !== null && (typeof body.url !== "string" || !/^https?:\/\//.test(body.url))) {
        return { status: 400, body: { error: "url must be an http(s) URL or null" } };
      }
      pusher.register(body.token, body.url);
      return { status: 201, body: { token: body.token, url: body.url } };
    })
    .on("GET", "/sim/status-webhook", () => ({ body: pusher.state() }))
    .on("POST", "/sim/status-webhook/mode", (request) => ({ body: { switches: pusher.configure(request.json()) } }))
    .on("POST", "/sim/status-webhook/flush", () => ({ body: { released: pusher.flush() } }))
    .on("GET", "/sim/orders", () => ({ body: { orders: store.all().map(publicOrder) } }))
    .on("GET", "/sim/orders/:id", (request) => ({ body: { order: publicOrder(simOrder(request)) } }))
    .on(
      "POST",
      "/sim/orders/:id/advance",
      withOrder((order, request) => {
        const body = request.json<{ path?: unknown; steps?: unknown }>();
        if (body.path !== undefined) {
          if (!isScriptName(body.path)) {
            return { status: 400, body: { error: `path must be one of ${Object.keys(SCRIPTS).join(", ")}` } };
          }
          store.follow(order, body.path);
        }
        const steps = Math.min(50, Math.max(1, Math.floor(Number(body.steps ?? 1)) || 1));
        const walked: string[] = [];
        for (let n = 0; n < steps && changed(store.advance(order)); n++) walked.push(order.status);
        return { body: { order: publicOrder(order), walked, remaining: order.plan } };
      }),
    )
    .on(
      "POST",
      "/sim/orders/:id/status",
      withOrder((order, request) => {
        const body = request.json<{ status?: unknown; notes?: unknown }>();
        if (typeof body.status !== "string" || !body.status.trim() || body.status.length > 100) {
          return { status: 400, body: { error: "status must be a non-empty string of up to 100 characters" } };
        }
        changed(store.command(order, body.status, typeof body.notes === "string" ? body.notes.slice(0, 500) : ""));
        return { body: { order: publicOrder(order) } };
      }),
    )
    .on("POST", "/sim/orders/tick", () => ({ body: { moved: tick().map((o) => ({ id: o.id, status: o.status })) } }))
    .on("POST", "/sim/orders/mode", (request) => {
      const body = request.json<{
        stepEveryMs?: unknown;
        spelling?: unknown;
        carrier?: unknown;
        keyHeader?: unknown;
      }>();
      if (body.spelling !== undefined && !isSpelling(body.spelling)) {
        return { status: 400, body: { error: `spelling must be one of ${SPELLINGS.join(", ")}` } };
      }
      if (body.stepEveryMs !== undefined) setClock(Number(body.stepEveryMs) || 0);
      if (typeof body.keyHeader === "string" && body.keyHeader) keyHeader = body.keyHeader.toLowerCase();
      const settings = store.configure({
        spelling: body.spelling as never,
        carrier: body.carrier === null || typeof body.carrier === "string" ? body.carrier : undefined,
      });
      return { body: { ...settings, stepEveryMs, keyHeader } };
    })
    .on("POST", "/sim/rate-limit", (request) => {
      const body = request.json<Partial<Record<keyof RateLimitSettings, unknown>> & { clear?: boolean }>();
      if (body.clear) limiter.clear();
      return { body: { settings: limiter.configure(body) } };
    })
    .on("GET", "/sim/state", () => ({
      body: {
        calls: limiter.calls(),
        rateLimit: limiter.settings(),
        orders: store.all().length,
        stepEveryMs,
        keyHeader,
        ...store.settings(),
      },
    }));

  return {
    store,
    pusher,
    limiter,
    tick,
    stop: () => setClock(0),
    reset() {
      store.clear();
      pusher.reset();
      limiter.reset();
      keyHeader = options.keyHeader ?? "supplier-integration-key";
      setClock(options.stepEveryMs ?? 0);
    },
  };
}
