import { randomBytes } from "node:crypto";
import { HttpError, Router, corsHeaders, listen, noEvents, sleep, type EventSink, type SimRequest } from "../lib/http";
import { mintSessionToken, verifySessionToken } from "../lib/jwt";
import { EXTENSION_STATES, extensionPage, isExtensionName, type ExtensionState } from "../extension-stand-in";
import { adminPage, APP_BRIDGE_STAND_IN, embeddedAppUrl } from "./admin";
import { versionOf } from "./api-versions";
import { flowRoutes } from "./flow";
import { estimateCost, execute, gid, orderNode, productNode, rootFields } from "./graphql";
import {
  answerLost,
  fulfillmentRoutes,
  holdAnswerDelay,
  routeOrder,
  routingCompletePayload,
  type RoutingSettings,
} from "./fulfillment";
import { APP_OPTIONAL_SCOPES, grantScopes, scopeList } from "./scopes";
import { IP_ALLOWLIST_REFUSAL, isAllowed, parseAllowlist, type IpAllowlist } from "./ip-allowlist";
import { DEMO_SHOP, product, type SimOrder, type SimProduct } from "./seed";
import { dropRoutes, WebhookDrops } from "./reconcile";
import { createDraftOrder, createOrder, newShopState, type ShopState, type SimTheme } from "./state";
import {
  checkoutPayload,
  deliver,
  draftOrderPayload,
  orderPayload,
  shopTopicPayload,
  WEBHOOK_PATHS,
  type Delivery,
} from "./webhooks";

export interface PlatformOptions {
  apiKey: string;
  secret: string;
  /** Where the app is served: webhooks are posted there and the admin page frames it. */
  appUrl: string;
  scopes?: string;
  port?: number;
  events?: EventSink;
  /** How long an expiring offline access token lives (the platform: 3600 s; tests use a few seconds). */
  offlineTokenLifetimeS?: number;
  /** Accept offline tokens that never expire (the platform stops on 2027-01-01; default: refuse them). */
  acceptNonExpiringTokens?: boolean;
  /** How long the platform takes to process a theme after themeCreate. */
  themeProcessingMs?: number;
  /** The day that decides which API versions are supported (tests pin it; default: now). */
  today?: () => Date;
}

const REFRESH_TOKEN_LIFETIME_S = 90 * 86_400;
const UNAUTHORIZED = "[API] Invalid API key or access token (unrecognized login or wrong password)";

const MAX_AVAILABLE = 2000;
const WEBHOOK_DELAY_MS = 200;
const RESTORE_RATE = 100;

/**
 * The platform simulator: token exchange, the GraphQL admin API (by root field), REST themes, a webhook
 * sender, the admin stand-in, and its state over HTTP under /sim. Requests arrive either with the shop in
 * X-Shop-Domain (the app's PLATFORM_ORIGIN_OVERRIDE) or on a `<shop>` Host header.
 */
export function createPlatformSimulator(options: PlatformOptions) {
  const scopes =
    options.scopes ?? "read_products,write_products,read_orders,write_orders,read_customers,read_themes,write_themes";
  const events = options.events ?? noEvents;
  const emit = (message: string) => events({ system: "platform", message, at: new Date().toISOString() });
  const shops = new Map<string, ShopState>();
  const deliveries: Delivery[] = [];
  const drops = new WebhookDrops();
  const graphqlLog: {
    shop: string;
    operationName: string | null;
    rootFields: string[];
    throttled: boolean;
    at: string;
  }[] = [];
  let appUrl = options.appUrl;
  let throttle = { remaining: 0, status: 200 as 200 | 429 };
  // The leaky bucket, when switched on: points per shop, refilled at restoreRate per second.
  let bucket: { maximumAvailable: number; restoreRate: number } | null = null;
  const buckets = new Map<string, { points: number; at: number }>();
  const pointsAvailable = (domain: string) => {
    if (!bucket) return MAX_AVAILABLE;
    const state = buckets.get(domain) ?? { points: bucket.maximumAvailable, at: Date.now() };
    state.points = Math.min(
      bucket.maximumAvailable,
      state.points + ((Date.now() - state.at) / 1000) * bucket.restoreRate,
    );
    state.at = Date.now();
    buckets.set(domain, state);
    return state.points;
  };
  const spendPoints = (domain: string, cost: number) => {
    if (!bucket) return MAX_AVAILABLE - cost;
    const state = buckets.get(domain)!;
    state.points -= cost;
    return state.points;
  };
  let baseUrl = "";

  const shopState = (domain: string) => {
    let state = shops.get(domain);
    if (!state) {
      state = newShopState(domain, scopes);
      shops.set(domain, state);
    }
    return state;
  };

  const shopOf = (request: SimRequest) => {
    const domain = (request.header("X-Shop-Domain") ?? request.header("host") ?? "").split(":")[0].toLowerCase();
    if (!/\.myshopify\.com$/.test(domain)) throw new HttpError(400, "Missing X-Shop-Domain header");
    return shopState(domain);
  };

  let offlineTokenLifetimeS = options.offlineTokenLifetimeS ?? 3600;
  // Themes whose processing fails although the archive looked right (the platform also checks Liquid and settings).
  let failThemeProcessing = 0;
  let acceptNonExpiring = options.acceptNonExpiringTokens ?? false;
  // The app's IP allowlist, off until a test or the sandbox sets one (POST /sim/ip-allowlist).
  let ipAllowlist: IpAllowlist = null;
  const tokenLog: { shop: string; grant: string; outcome: string; at: string }[] = [];
  const logToken = (shop: string, grant: string, outcome: string) => {
    tokenLog.push({ shop, grant, outcome, at: new Date().toISOString() });
    emit(`token ${grant} for ${shop}: ${outcome}`);
  };

  /** An expiring offline pair, as the platform's token endpoint answers it. */
  const issueExpiring = (shop: ShopState) => {
    const accessToken = `shpat_sim_${randomBytes(16).toString("hex")}`;
    const refreshToken = `shprt_sim_${randomBytes(16).toString("hex")}`;
    shop.accessTokens.add(accessToken);
    shop.tokenExpiry.set(accessToken, Date.now() + offlineTokenLifetimeS * 1000);
    shop.refresh.current = refreshToken;
    shop.refresh.expiresAt = Date.now() + REFRESH_TOKEN_LIFETIME_S * 1000;
    return {
      access_token: accessToken,
      scope: shop.scope,
      expires_in: offlineTokenLifetimeS,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_LIFETIME_S,
    };
  };

  /** The platform's 401 for a missing, unknown, revoked or expired token, and for one that never expires. */
  const authorized = (request: SimRequest) => {
    const shop = shopOf(request);
    const token = request.header("X-Shopify-Access-Token") ?? request.header("X-Platform-Access-Token");
    if (!token || !shop.accessTokens.has(token)) throw new HttpError(401, UNAUTHORIZED);
    const expiresAt = shop.tokenExpiry.get(token);
    if (expiresAt === undefined ? !acceptNonExpiring : expiresAt <= Date.now()) {
      logToken(shop.domain, "api", `${expiresAt === undefined ? "non-expiring" : "expired"} access token refused`);
      throw new HttpError(401, UNAUTHORIZED);
    }
    if (!isAllowed(ipAllowlist, request.remoteAddress)) {
      emit(`Admin API call from ${request.remoteAddress} refused: not in the app's IP allowlist`);
      throw new HttpError(403, IP_ALLOWLIST_REFUSAL);
    }
    return shop;
  };

  const send = async (shop: string, topic: string, payload: unknown, copies = 1, eventId?: string) => {
    const sent: Delivery[] = [];
    let shared = eventId;
    for (let copy = 0; copy < copies; copy++) {
      if (drops.drop({ shop, topic, payload, eventId: shared })) {
        emit(`webhook ${topic} dropped (the sender's drop mode)`);
        continue;
      }
      const delivery = await deliver({ appUrl, secret: options.secret, shop, topic, payload, eventId: shared });
      shared = delivery.eventId;
      deliveries.push(delivery);
      sent.push(delivery);
      emit(
        `webhook ${topic} → ${delivery.status ?? delivery.error} in ${delivery.ms} ms (event ${delivery.eventId.slice(0, 8)}${copy ? ", duplicate" : ""})`,
      );
    }
    return sent;
  };

  // Routing creates an order's fulfilment order a moment after the order, then says so (sandbox/platform/fulfillment.ts).
  const routing: RoutingSettings = { delayMs: 1_000, manual: false };
  const route = async (shop: ShopState, order: SimOrder) => {
    const fulfillmentOrder = routeOrder(shop, order);
    if (!fulfillmentOrder) return [];
    emit(`order ${order.name} routed`);
    return send(shop.domain, "fulfillment_orders/order_routing_complete", routingCompletePayload(fulfillmentOrder));
  };
  const routeLater = (shop: ShopState, order: SimOrder) => {
    if (!routing.manual) setTimeout(() => void route(shop, order), routing.delayMs).unref();
  };

  const bodyOf = (request: SimRequest) => (request.body.length ? request.json<Record<string, unknown>>() : {});
  const shopFromBody = (body: Record<string, unknown>, request: SimRequest) =>
    String(body.shop ?? request.url.searchParams.get("shop") ?? DEMO_SHOP);

  // A GraphQL-only app: every REST admin endpoint is refused (docs/decisions/063).
  const restRefused = (request: SimRequest) => {
    authorized(request);
    emit(`REST ${request.method} ${request.url.pathname} refused: the app is GraphQL-only`);
    return {
      status: 403,
      body: { errors: "This app can only use the GraphQL Admin API; the REST Admin API is not available to it" },
    };
  };

  const router = new Router()
    // The token endpoint: the embedded auth's token exchange (shopify-api's tokenExchange posts exactly this
    // JSON), the refresh of an expiring offline token, and the exchange of a non-expiring offline token.
    .on("POST", "/admin/oauth/access_token", (request) => {
      const shop = shopOf(request);
      const body = request.json<Record<string, string>>();
      if (body.client_id !== options.apiKey || body.client_secret !== options.secret) {
        return { status: 401, body: { error: "invalid_client", error_description: "Client credentials are invalid" } };
      }
      if (body.grant_type === "refresh_token") {
        const used = body.refresh_token ?? "";
        const { current, previous, expiresAt } = shop.refresh;
        if (!used || expiresAt <= Date.now() || (used !== current && used !== previous)) {
          logToken(shop.domain, "refresh", "refused (invalid_grant)");
          return { status: 400, body: { error: "invalid_grant", error_description: "Refresh token is invalid" } };
        }
        // Using the replacement retires the one before it; using the previous one again replaces the replacement.
        if (used === current) shop.refresh.previous = current;
        const pair = issueExpiring(shop);
        logToken(
          shop.domain,
          "refresh",
          `pair rotated (${used === current ? "current" : "previous"} refresh token used)`,
        );
        return { body: pair };
      }
      if (body.subject_token_type?.endsWith("offline-access-token")) {
        const old = body.subject_token ?? "";
        if (body.expiring !== "1" || !shop.accessTokens.has(old) || shop.tokenExpiry.has(old)) {
          logToken(shop.domain, "migration", "refused (invalid_subject_token)");
          return {
            status: 400,
            body: { error: "invalid_subject_token", error_description: "Subject token is invalid" },
          };
        }
        // The non-expiring token is invalidated once it has been exchanged.
        shop.accessTokens.delete(old);
        shop.refresh.previous = null;
        logToken(shop.domain, "migration", "non-expiring token exchanged for an expiring pair");
        return { body: issueExpiring(shop) };
      }
      const claims = verifySessionToken(body.subject_token ?? "", options.secret);
      if (!claims || claims.dest !== `https://${shop.domain}` || claims.aud !== options.apiKey) {
        return { status: 400, body: { error: "invalid_subject_token", error_description: "Session token is invalid" } };
      }
      const online = body.requested_token_type?.endsWith("online-access-token");
      if (!online && body.expiring === "1") {
        shop.refresh.previous = null;
        logToken(shop.domain, "exchange", "expiring offline pair issued");
        return { body: issueExpiring(shop) };
      }
      const accessToken = `shpat_sim_${randomBytes(16).toString("hex")}`;
      shop.accessTokens.add(accessToken);
      logToken(shop.domain, "exchange", `${online ? "online" : "non-expiring offline"} token issued`);
      if (online) {
        shop.tokenExpiry.set(accessToken, Date.now() + 86_399_000);
        return {
          body: {
            access_token: accessToken,
            scope: shop.scope,
            expires_in: 86_399,
            associated_user_scope: shop.scope,
            associated_user: {
              id: Number(claims.sub) || 1,
              first_name: "Dueña",
              last_name: "Demo",
              email: "dueno@tienda-demo.example",
              account_owner: true,
              locale: "es",
              collaborator: false,
              email_verified: true,
            },
          },
        };
      }
      return { body: { access_token: accessToken, scope: shop.scope } };
    })
    .on("POST", "/admin/api/:version/graphql.json", async (request) => {
      const shop = authorized(request);
      const version = versionOf(request.params.version, options.today?.() ?? new Date());
      if (version.served === null) return version;
      const {
        query = "",
        variables = {},
        operationName: sentName = null,
      } = request.json<{ query?: string; variables?: Record<string, unknown>; operationName?: string | null }>();
      // The platform library's client sends no operationName: the document names the operation.
      const operationName = sentName ?? /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? null;
      const isMutation = /^\s*(?:#[^\n]*\n\s*)*mutation\b/.test(query);
      const cost = estimateCost(rootFields(query), variables ?? {}, isMutation);
      const limit = bucket ?? { maximumAvailable: MAX_AVAILABLE, restoreRate: RESTORE_RATE };
      const available = pointsAvailable(shop.domain);
      // A throttled request changes nothing: it is refused before it runs, as on the platform.
      const forced = throttle.remaining > 0;
      const overBudget = bucket !== null && cost > available;
      graphqlLog.push({
        shop: shop.domain,
        operationName,
        rootFields: rootFields(query).map((field) => field.name),
        throttled: forced || overBudget,
        at: new Date().toISOString(),
      });
      if (forced || overBudget) {
        if (forced) throttle.remaining--;
        emit(
          `GraphQL ${operationName ?? "anonymous"} answered THROTTLED${forced ? ` (${throttle.remaining} more to go)` : " (bucket empty)"}`,
        );
        return {
          status: forced ? throttle.status : 200,
          headers: { ...version.headers, ...(forced && throttle.status === 429 ? { "Retry-After": "1" } : {}) },
          body: {
            errors: [
              {
                message: "Throttled",
                extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
              },
            ],
            extensions: {
              cost: {
                requestedQueryCost: cost,
                actualQueryCost: null,
                throttleStatus: {
                  maximumAvailable: limit.maximumAvailable,
                  currentlyAvailable: forced ? 0 : Math.floor(available),
                  restoreRate: limit.restoreRate,
                },
              },
            },
          },
        };
      }
      const result = execute(shop, query, variables ?? {}, {
        version: version.served,
        themeProcessingMs: options.themeProcessingMs ?? 1500,
        failThemeProcessing: () => failThemeProcessing > 0 && failThemeProcessing-- > 0,
        emit,
        // The platform posts the webhook after the mutation has answered, a moment later.
        orderCreated: (order) => {
          setTimeout(() => void send(shop.domain, "orders/create", orderPayload(order)), WEBHOOK_DELAY_MS).unref();
          routeLater(shop, order);
        },
        orderCancelled: (order) => void send(shop.domain, "orders/cancelled", orderPayload(order)),
      });
      const stall = holdAnswerDelay(rootFields(query).map((field) => field.name));
      if (stall) await sleep(stall);
      if (answerLost(rootFields(query).map((field) => field.name))) {
        throw new HttpError(502, "Bad Gateway: the answer was lost after the change was made");
      }
      const left = spendPoints(shop.domain, result.cost);
      if (operationName === "OrderTagsAdd" || /tagsAdd/.test(query))
        emit(`tagsAdd ${JSON.stringify(variables?.tags ?? [])} on ${String(variables?.id ?? "")}`);
      return {
        headers: version.headers,
        body: {
          ...(result.errors.length ? { errors: result.errors } : {}),
          data: result.data,
          extensions: {
            cost: {
              requestedQueryCost: result.cost,
              actualQueryCost: result.cost,
              throttleStatus: {
                maximumAvailable: limit.maximumAvailable,
                currentlyAvailable: Math.floor(left),
                restoreRate: limit.restoreRate,
              },
            },
          },
        },
      };
    })
    .on("GET", "/admin/api/:version/:resource*", restRefused)
    .on("POST", "/admin/api/:version/:resource*", restRefused)
    .on("PUT", "/admin/api/:version/:resource*", restRefused)
    .on("DELETE", "/admin/api/:version/:resource*", restRefused)

    // The admin's part: the page that frames the app, the App Bridge stand-in, fresh session tokens.
    .on("GET", "/admin", (request) => {
      const shop = request.url.searchParams.get("shop") ?? DEMO_SHOP;
      const locale = request.url.searchParams.get("locale") === "en" ? "en" : "es";
      const idToken = mintSessionToken({ shop, apiKey: options.apiKey, secret: options.secret });
      const frameUrl = embeddedAppUrl({ appUrl, shop, locale, idToken });
      return {
        headers: { "Content-Type": "text/html; charset=utf-8" },
        body: adminPage({ frameUrl, shop, locale, platformUrl: baseUrl }),
      };
    })
    // The order page's block and action, in a state of the page's choosing (sandbox/extension-stand-in.ts).
    .on("GET", "/admin/extensions/:name", async (request) => {
      const name = request.params.name;
      const state = request.url.searchParams.get("state") ?? "sent";
      if (!isExtensionName(name) || !(state in EXTENSION_STATES)) return { status: 404, body: { error: "unknown" } };
      const locale = request.url.searchParams.get("locale") === "en" ? "en" : "es";
      const answers = EXTENSION_STATES[state as ExtensionState]();
      return {
        headers: { "Content-Type": "text/html; charset=utf-8" },
        body: await extensionPage(name, { locale, answers }),
      };
    })
    .on("GET", "/admin/app-bridge.js", () => ({
      headers: {
        "Content-Type": "text/javascript; charset=utf-8",
        "Access-Control-Allow-Origin": "*",
        "Cache-Control": "no-store",
      },
      body: APP_BRIDGE_STAND_IN,
    }))
    .on("GET", "/admin/session-token", (request) => {
      const shop = request.url.searchParams.get("shop") ?? "";
      if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop))
        return { status: 400, headers: corsHeaders(), body: { error: "shop is required" } };
      return {
        headers: corsHeaders(),
        body: { token: mintSessionToken({ shop, apiKey: options.apiKey, secret: options.secret }) },
      };
    })

    // App Bridge's scopes API, as the stand-in's grant screen calls it (./scopes.ts): what the shop granted, and a
    // grant, which the API checks from then on and the platform tells the app with app/scopes_update.
    .on("GET", "/admin/scopes", (request) => {
      const shop = request.url.searchParams.get("shop") ?? "";
      if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop))
        return { status: 400, headers: corsHeaders(), body: { error: "shop is required" } };
      const granted = scopeList(shopState(shop).scope);
      return {
        headers: corsHeaders(),
        body: { granted, required: scopeList(scopes), optional: APP_OPTIONAL_SCOPES },
      };
    })
    .on("POST", "/admin/scopes/grant", async (request) => {
      const body = bodyOf(request);
      const shop = String(body.shop ?? "");
      if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop))
        return { status: 400, headers: corsHeaders(), body: { error: "shop is required" } };
      const state = shopState(shop);
      const granted = grantScopes(state.scope, body.scopes);
      if ("error" in granted) return { status: 400, headers: corsHeaders(), body: { error: granted.error } };
      const previous = state.scope;
      state.scope = granted.scope;
      emit(`optional scopes granted on ${shop}: ${(body.scopes as string[]).join(", ")}`);
      const payload = { ...shopTopicPayload("app/scopes_update", shop, state.scope), previous: scopeList(previous) };
      const sent = previous === state.scope ? [] : await send(shop, "app/scopes_update", payload);
      return { headers: corsHeaders(), body: { current: scopeList(state.scope), deliveries: sent } };
    })

    // The admin's resource picker reads the store's products (the App Bridge stand-in renders it; docs/decisions/140).
    .on("GET", "/admin/resource-picker/products", (request) => {
      const shop = request.url.searchParams.get("shop") ?? "";
      if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop))
        return { status: 400, headers: corsHeaders(), body: { error: "shop is required" } };
      return { headers: corsHeaders(), body: { products: shopState(shop).products.map(pickerProduct) } };
    })

    // Simulator controls and state.
    .on("POST", "/sim/orders", async (request) => {
      const body = bodyOf(request);
      const shop = shopState(shopFromBody(body, request));
      const order = createOrder(shop, { note: typeof body.note === "string" ? body.note : undefined });
      if (Array.isArray(body.paymentGatewayNames)) order.paymentGatewayNames = body.paymentGatewayNames.map(String);
      routeLater(shop, order);
      emit(
        `order ${order.name} created ($${Number(order.totalPrice).toLocaleString("es-CO")} COP, ${order.customer ? `${order.customer.firstName} ${order.customer.lastName}` : "no customer"})`,
      );
      const copies = 1 + Math.max(0, Number(body.duplicates ?? 0));
      const sent = body.webhook === false ? [] : await send(shop.domain, "orders/create", orderPayload(order), copies);
      return { status: 201, body: { order: orderNode(order), deliveries: sent } };
    })
    // The merchant cancels an order in the admin (by name or id): the platform sends orders/cancelled.
    .on("POST", "/sim/orders/cancel", async (request) => {
      const body = bodyOf(request);
      const shop = shopState(shopFromBody(body, request));
      const wanted = String(body.order ?? "").replace(/^#/, "");
      const order = shop.orders.find((candidate) => candidate.name === `#${wanted}` || String(candidate.id) === wanted);
      if (!order) throw new HttpError(404, "Order not found");
      if (order.cancelledAt) throw new HttpError(409, "Order has already been cancelled");
      order.cancelledAt = new Date().toISOString();
      order.updatedAt = order.cancelledAt;
      emit(`order ${order.name} cancelled in the admin`);
      const sent = await send(shop.domain, "orders/cancelled", orderPayload(order));
      return { body: { order: orderNode(order), deliveries: sent } };
    })
    // The shop's next `count` (default 1) orderCreate mutations are refused with the platform's userErrors.
    .on("POST", "/sim/orders/refuse", (request) => {
      const body = bodyOf(request);
      const shop = shopState(shopFromBody(body, request));
      shop.refuseOrderCreate = Math.max(0, Number(body.count ?? 1));
      return { body: { refuseOrderCreate: shop.refuseOrderCreate } };
    })
    .on("POST", "/sim/shops/time-zone", (request) => {
      const body = bodyOf(request);
      const shop = shopState(shopFromBody(body, request));
      if (typeof body.timeZone === "string" && body.timeZone) shop.ianaTimezone = body.timeZone;
      return { body: { ianaTimezone: shop.ianaTimezone } };
    })
    .on("POST", "/sim/draft_orders", async (request) => {
      const body = bodyOf(request);
      const shop = shopState(shopFromBody(body, request));
      const draft = createDraftOrder(shop);
      emit(`draft order ${draft.name} created`);
      const copies = 1 + Math.max(0, Number(body.duplicates ?? 0));
      const sent = await send(shop.domain, "draft_orders/create", draftOrderPayload(draft), copies);
      return { status: 201, body: { draftOrder: draftOrderPayload(draft), deliveries: sent } };
    })
    .on("POST", "/sim/webhooks", async (request) => {
      const body = bodyOf(request);
      const topic = String(body.topic ?? "");
      if (!WEBHOOK_PATHS[topic])
        throw new HttpError(400, `topic must be one of ${Object.keys(WEBHOOK_PATHS).join(", ")}`);
      const shop = shopState(shopFromBody(body, request));
      let payload = body.payload;
      if (payload === undefined) {
        if (topic === "orders/create") payload = orderPayload(createOrder(shop));
        else if (topic === "draft_orders/create") payload = draftOrderPayload(createDraftOrder(shop));
        else if (topic === "checkouts/create") payload = checkoutPayload(createDraftOrder(shop));
        else {
          const order = shop.orders[0];
          payload = shopTopicPayload(
            topic,
            shop.domain,
            shop.scope,
            order?.customer ?? undefined,
            order ? [order.id] : [],
          );
        }
      }
      const copies = 1 + Math.max(0, Number(body.duplicates ?? 0));
      const sent = await send(
        shop.domain,
        topic,
        payload,
        copies,
        typeof body.eventId === "string" ? body.eventId : undefined,
      );
      if (topic === "app/uninstalled") {
        shop.accessTokens.clear();
        shop.refresh = { current: null, previous: null, expiresAt: 0 };
      }
      return { body: { deliveries: sent, payload } };
    })
    /*
     * A shop as a test needs it (the browser tests seed one per test): the app's offline token accepted (it never
     * expires here), and optionally its products and orders instead of the demo ones.
     */
    .on("POST", "/sim/shops", (request) => {
      const body = bodyOf(request) as {
        shop?: string;
        accessToken?: string;
        products?: {
          title: string;
          handle?: string;
          price?: number;
          description?: string;
          options?: { name: string; values: string[] }[];
        }[];
        orders?: { createdAt?: string; note?: string; tags?: string[]; test?: boolean; cancelled?: boolean }[];
      };
      if (typeof body.shop !== "string" || !/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(body.shop))
        throw new HttpError(400, "shop must be a *.myshopify.com domain");
      const shop = shopState(body.shop);
      if (typeof body.accessToken === "string" && body.accessToken) {
        shop.accessTokens.add(body.accessToken);
        shop.tokenExpiry.set(body.accessToken, Number.MAX_SAFE_INTEGER);
      }
      if (body.products) {
        shop.products = body.products.map((spec) =>
          product(
            spec.title,
            spec.handle ??
              spec.title
                .toLowerCase()
                .normalize("NFD")
                .replace(/[^a-z0-9]+/g, "-"),
            spec.price ?? 50_000,
            spec.description ?? spec.title,
            spec.options ?? [],
          ),
        );
      }
      if (body.orders) {
        if (!shop.products.length) throw new HttpError(400, "orders need at least one product");
        shop.orders = [];
        shop.nextOrderNumber = 1001;
        for (const spec of body.orders) {
          const order = createOrder(shop, {
            createdAt: spec.createdAt ? new Date(spec.createdAt) : undefined,
            note: spec.note,
          });
          order.tags = spec.tags ?? [];
          if (spec.test) order.test = true;
          if (spec.cancelled) order.cancelledAt = order.createdAt;
        }
      }
      return {
        status: 201,
        body: {
          shop: shop.domain,
          products: shop.products.map(productNode),
          orders: shop.orders.map(orderNode),
          // The orders/create webhook bodies of the orders, for a test that seeds the app's deliveries of them.
          webhookPayloads: shop.orders.map(orderPayload),
        },
      };
    })
    .on("GET", "/sim/webhooks", () => ({ body: { deliveries } }))
    .on("GET", "/sim/graphql", () => ({ body: { requests: graphqlLog } }))
    .on("GET", "/sim/tokens", () => ({ body: { events: tokenLog } }))
    .on("POST", "/sim/themes/processing", (request) => {
      failThemeProcessing = Math.max(0, Number(bodyOf(request).failNext ?? 0));
      return { body: { failNext: failThemeProcessing } };
    })
    .on("POST", "/sim/tokens", (request) => {
      const body = bodyOf(request);
      if (body.offlineTokenLifetimeS !== undefined)
        offlineTokenLifetimeS = Math.max(1, Number(body.offlineTokenLifetimeS));
      if (body.acceptNonExpiringTokens !== undefined) acceptNonExpiring = body.acceptNonExpiringTokens === true;
      if (body.revoke) {
        const shop = shopState(shopFromBody(body, request));
        shop.accessTokens.clear();
        shop.refresh = { current: null, previous: null, expiresAt: 0 };
        logToken(shop.domain, "revoke", "every token of the shop revoked");
      }
      return { body: { offlineTokenLifetimeS, acceptNonExpiringTokens: acceptNonExpiring } };
    })
    .on("GET", "/sim/orders", (request) => {
      const shop = shopState(request.url.searchParams.get("shop") ?? DEMO_SHOP);
      const orders = [...shop.orders].reverse().map((order) => ({
        id: `gid://shopify/Order/${order.id}`,
        name: order.name,
        createdAt: order.createdAt,
        totalPrice: order.totalPrice,
        currency: order.currency,
        tags: order.tags,
        risk: (order.riskAssessments ?? []).map((assessment) => assessment.riskLevel),
      }));
      return { headers: corsHeaders(), body: { orders } };
    })
    .on("GET", "/sim/orders/:name", (request) => {
      const shop = shopState(request.url.searchParams.get("shop") ?? DEMO_SHOP);
      const wanted = request.params.name.replace(/^#/, "");
      const order = shop.orders.find((candidate) => candidate.name === `#${wanted}` || String(candidate.id) === wanted);
      if (!order) throw new HttpError(404, "Order not found");
      return { body: { order: orderNode(order) } };
    })
    .on("GET", "/sim/products", (request) => ({
      body: { products: shopState(request.url.searchParams.get("shop") ?? DEMO_SHOP).products.map(productNode) },
    }))
    // A merchant deletes a variant in the admin while the app has the product open (the link dialog's refusal path).
    .on("POST", "/sim/products/variants/delete", (request) => {
      const body = bodyOf(request);
      const shop = shopState(shopFromBody(body, request));
      const variantId = Number(String(body.variantId ?? "").replace(/^gid:\/\/shopify\/ProductVariant\//, ""));
      const product = shop.products.find((candidate) => candidate.variants.some((v) => v.id === variantId));
      if (!product) throw new HttpError(404, "No such variant in this shop");
      product.variants = product.variants.filter((v) => v.id !== variantId);
      return { body: { product: productNode(product) } };
    })
    .on("GET", "/sim/themes", (request) => ({
      body: { themes: shopState(request.url.searchParams.get("shop") ?? DEMO_SHOP).themes.map(restTheme) },
    }))
    .on("GET", "/sim/state", () => ({
      body: {
        appUrl,
        throttle,
        bucket,
        shops: [...shops.values()].map((shop) => ({
          domain: shop.domain,
          installed: shop.accessTokens.size > 0,
          orders: shop.orders.length,
          products: shop.products.length,
          themes: shop.themes.length,
          webhookSubscriptions: shop.webhookSubscriptions,
        })),
        webhooksDelivered: deliveries.length,
      },
    }))
    .on("POST", "/sim/throttle", (request) => {
      const body = bodyOf(request);
      throttle = {
        remaining: Math.max(0, Number(body.requests ?? 0)),
        status: Number(body.status) === 429 ? 429 : 200,
      };
      if (body.bucket !== undefined) {
        const wanted = body.bucket as { maximumAvailable?: number; restoreRate?: number } | null;
        bucket = wanted
          ? { maximumAvailable: Number(wanted.maximumAvailable ?? 1000), restoreRate: Number(wanted.restoreRate ?? 50) }
          : null;
        buckets.clear();
      }
      emit(
        `throttling the next ${throttle.remaining} GraphQL requests (HTTP ${throttle.status})${bucket ? `; bucket ${bucket.maximumAvailable} points, ${bucket.restoreRate}/s` : ""}`,
      );
      return { body: { throttle, bucket } };
    })
    .on("POST", "/sim/ip-allowlist", (request) => {
      try {
        ipAllowlist = parseAllowlist(bodyOf(request).addresses);
      } catch (error) {
        throw new HttpError(400, error instanceof Error ? error.message : String(error));
      }
      emit(ipAllowlist ? `IP allowlist enforced: ${ipAllowlist.join(", ") || "(no address)"}` : "IP allowlist off");
      return { body: { addresses: ipAllowlist } };
    })
    .on("GET", "/sim/ip-allowlist", () => ({ body: { addresses: ipAllowlist } }))
    .on("POST", "/sim/config", (request) => {
      const body = bodyOf(request);
      if (typeof body.appUrl === "string") appUrl = body.appUrl.replace(/\/+$/, "");
      return { body: { appUrl } };
    })
    .on("POST", "/sim/reset", () => {
      shops.clear();
      drops.reset();
      deliveries.length = 0;
      graphqlLog.length = 0;
      tokenLog.length = 0;
      throttle = { remaining: 0, status: 200 };
      bucket = null;
      buckets.clear();
      ipAllowlist = null;
      Object.assign(routing, { delayMs: 1_000, manual: false });
      return { body: { reset: true } };
    });

  dropRoutes(router, drops, send, shopState);
  fulfillmentRoutes(router, {
    shopState,
    shopOf: (body, request) => shopState(shopFromBody(body, request)),
    route,
    routing,
    emit,
    cancelled: (shop, order) => send(shop.domain, "orders/cancelled", orderPayload(order)),
  });

  flowRoutes(router, { shopState, appUrl: () => appUrl, secret: options.secret, emit });

  return {
    router,
    shops,
    deliveries,
    shopState,
    setAppUrl(url: string) {
      appUrl = url;
    },
    async listen(port = options.port ?? 0) {
      const listening = await listen(router, port);
      baseUrl = listening.url;
      return listening;
    },
  };
}

function restTheme(theme: SimTheme) {
  return {
    id: theme.id,
    name: theme.name,
    role: theme.role,
    created_at: theme.createdAt,
    updated_at: theme.updatedAt,
    theme_store_id: null,
    previewable: true,
    processing: theme.processing,
    admin_graphql_api_id: `gid://shopify/OnlineStoreTheme/${theme.id}`,
  };
}

/** A product as the admin's resource picker returns it to the app (App Bridge's `Product`, the fields apps read). */
function pickerProduct(product: SimProduct) {
  return {
    id: gid("Product", product.id),
    title: product.title,
    handle: product.handle,
    status: product.status,
    descriptionHtml: product.descriptionHtml,
    images: product.media.map((media) => ({
      id: gid("MediaImage", media.id),
      originalSrc: media.originalSource,
      altText: media.alt,
    })),
    variants: product.variants.map((variant) => ({
      id: gid("ProductVariant", variant.id),
      title: variant.title,
      sku: variant.sku,
    })),
  };
}
