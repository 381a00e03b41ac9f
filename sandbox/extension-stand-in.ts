import path from "node:path";
import { build } from "esbuild";

/**
 * The order page's extensions (block and action) outside the store's admin: their own source, bundled as the
 * platform's CLI would (Preact, automatic JSX), in a page with a stand-in for what the admin gives them: the
 * `shopify` global (the selected order, `i18n.translate` over the extension's own locale file, `close`), the
 * admin's web components as plain elements that show their text and buttons, and `fetch` answering from a
 * script the caller gives. The browser tests render every state with it; the sandbox shows the same page.
 */
export type ExtensionName = "order-automation-block" | "order-automation-action";

/** One answer of the stand-in's `fetch`, by method and path (query left out); `network` throws as offline does. */
export type StandInAnswer = { status: number; body: unknown } | "network";

export interface StandInOptions {
  locale: "es" | "en";
  orderId?: string;
  /**
   * "GET /api/deliveries", "POST /api/deliveries/resend", "POST /api/deliveries/d1/retry"... A key that adds the
   * JSON body's `action` ("POST /api/orders/hold cancel") answers that action before the path's own key does.
   */
  answers: Record<string, StandInAnswer | StandInAnswer[]>;
}

const bundles = new Map<ExtensionName, Promise<string>>();

/** The extension's bundle: its source as it ships, with Preact and the signals it imports. */
export function extensionBundle(name: ExtensionName): Promise<string> {
  let bundle = bundles.get(name);
  if (!bundle) {
    const entry = name === "order-automation-block" ? "BlockExtension.tsx" : "ActionExtension.tsx";
    bundle = build({
      entryPoints: [path.resolve("extensions", name, "src", entry)],
      bundle: true,
      write: false,
      format: "iife",
      globalName: "__extension",
      jsx: "automatic",
      jsxImportSource: "preact",
      platform: "browser",
      target: "es2020",
      logLevel: "silent",
    }).then((result) => result.outputFiles[0].text);
    bundles.set(name, bundle);
  }
  return bundle;
}

async function locale(name: ExtensionName, language: "es" | "en") {
  const file = language === "es" ? "es.json" : "en.default.json";
  const { readFile } = await import("node:fs/promises");
  return JSON.parse(await readFile(path.resolve("extensions", name, "locales", file), "utf8")) as unknown;
}

// Runs in the page: the admin's globals and components, as far as the extensions use them.
function standIn(messages: unknown, language: string, orderId: string, answers: StandInOptions["answers"]) {
  const lookup = (key: string) =>
    key
      .split(".")
      .reduce<unknown>(
        (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
        messages,
      );
  const translate = (key: string, values: Record<string, string | number> = {}) => {
    let message = lookup(key);
    if (message && typeof message === "object" && "count" in values) {
      const forms = message as Record<string, string>;
      message = forms[new Intl.PluralRules(language).select(Number(values.count))] ?? forms.other;
    }
    // A missing message shows as its key, as the admin shows it: a test sees it.
    if (typeof message !== "string") return key;
    return message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
  const closed: string[] = [];
  (window as unknown as Record<string, unknown>).shopify = {
    // formatDate behaves like Intl.DateTimeFormat in the user's language, as the admin's does.
    i18n: {
      translate,
      formatDate: (date: Date, options: Intl.DateTimeFormatOptions = {}) =>
        new Intl.DateTimeFormat(language, options).format(date),
    },
    data: { selected: [{ id: orderId }] },
    close: () => closed.push("closed"),
  };
  const calls: string[] = [];
  (window as unknown as Record<string, unknown>).__calls = calls;
  // What each call sent, for a test to check: its method and path, and its body as JSON.
  const requests: { call: string; body: unknown }[] = [];
  (window as unknown as Record<string, unknown>).__requests = requests;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "https://admin.stand-in");
    const key = `${(init?.method ?? "GET").toUpperCase()} ${url.pathname}`;
    calls.push(key);
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : null;
    requests.push({ call: key, body });
    const action = (body as { action?: unknown } | null)?.action;
    const planned = (typeof action === "string" ? answers[`${key} ${action}`] : undefined) ?? answers[key];
    const answer = Array.isArray(planned) ? (planned.length > 1 ? planned.shift() : planned[0]) : planned;
    if (!answer || answer === "network") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  };
  // The admin's components: a container with its heading, a button a person (and a test) can press.
  class Container extends HTMLElement {
    connectedCallback() {
      if (this.querySelector(":scope > h2")) return;
      const heading = document.createElement("h2");
      heading.textContent = this.getAttribute("heading") ?? "";
      this.prepend(heading);
    }
  }
  class Button extends HTMLElement {
    static observedAttributes = ["disabled", "loading"];
    connectedCallback() {
      this.setAttribute("role", "button");
      this.tabIndex = 0;
      this.attributeChangedCallback();
    }
    attributeChangedCallback() {
      const off = this.hasAttribute("disabled") || this.hasAttribute("loading");
      this.setAttribute("aria-disabled", String(off));
    }
  }
  class Banner extends HTMLElement {
    connectedCallback() {
      this.setAttribute("role", this.getAttribute("tone") === "critical" ? "alert" : "status");
    }
  }
  customElements.define("s-admin-block", class extends Container {});
  customElements.define("s-admin-action", class extends Container {});
  // A section inside a block: its heading one level below the block's.
  customElements.define(
    "s-section",
    class extends HTMLElement {
      connectedCallback() {
        if (this.querySelector(":scope > h3")) return;
        const heading = document.createElement("h3");
        heading.textContent = this.getAttribute("heading") ?? "";
        this.prepend(heading);
      }
    },
  );
  customElements.define("s-button", Button);
  customElements.define("s-banner", Banner);
}

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; max-width: 520px; }
  s-admin-block, s-admin-action { display: block; border: 1px solid #ccc; border-radius: 12px; padding: 12px 16px; }
  s-admin-block h2, s-admin-action h2 { font-size: 14px; margin: 0 0 8px; }
  s-section { display: block; margin-top: 8px; } s-section h3 { font-size: 14px; margin: 0 0 8px; }
  s-stack { display: flex; flex-direction: column; gap: 8px; }
  s-stack[direction=inline] { flex-direction: row; flex-wrap: wrap; gap: 4px; }
  s-text, s-banner { display: block; }
  s-banner { padding: 8px; border-radius: 8px; background: #eef; }
  s-banner[tone=critical] { background: #fee; }
  s-banner[tone=success] { background: #efe; }
  s-badge { display: inline-block; padding: 0 8px; border-radius: 8px; background: #eee; }
  s-button { display: inline-block; margin: 8px 8px 0 0; padding: 4px 12px; border: 1px solid #888; border-radius: 8px; cursor: pointer; }
  s-button[aria-disabled=true] { opacity: .5; }
`;

/** The page that renders `name` with the stand-in, as HTML. */
export async function extensionPage(name: ExtensionName, options: StandInOptions) {
  const [bundle, messages] = await Promise.all([extensionBundle(name), locale(name, options.locale)]);
  const orderId = options.orderId ?? "gid://shopify/Order/1001";
  // `__name`: the helper a transpiler may wrap the stand-in's functions in when it keeps their names.
  const setup = `var __name = (target) => target;\n(${standIn.toString()})(${JSON.stringify(messages)}, ${JSON.stringify(options.locale)}, ${JSON.stringify(orderId)}, ${JSON.stringify(options.answers)});`;
  // `<` escaped: the bundle and the answers sit inside a script element.
  const script = `${setup}\n${bundle}\n__extension.default();`.replace(/<\/script/gi, "<\\/script");
  return `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name}</title><style>${STYLE}</style></head><body><script>${script}</script></body></html>`;
}

/** A delivery as GET /api/deliveries answers it to the block, with the fields a state needs. */
export function storyDelivery(fields: Record<string, unknown>) {
  return {
    id: "d1",
    topic: "orders/create",
    status: "delivered",
    attempts: 1,
    flowId: "flow_nuevos",
    flowName: "Confirmación de pedido COD",
    nextAttemptAt: null,
    lastError: null,
    lastErrorCode: null,
    lastErrorParams: null,
    createdAt: new Date().toISOString(),
    deliveredAt: null,
    callbackStatus: null,
    callbackAt: null,
    tagsApplied: [],
    ...fields,
  };
}

const story = (deliveries: unknown[], paused = false): StandInAnswer => ({
  status: 200,
  body: { success: true, orderId: "gid://shopify/Order/1001", paused, deliveries },
});

/** The buyer's answer and the app's hold as GET and POST /api/orders/hold answer them (order-hold.server.ts). */
const buyerState = (
  answer: { answer: string; answeredAt: string; waitingSince: string | null; source: string } | null,
  hold: { state: string; since: string | null; problem?: string; pending?: "release" | "cancel" },
): StandInAnswer => ({
  status: 200,
  body: { success: true, answer, hold: { problem: null, pending: null, ...hold } },
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/**
 * The states the order page can be in, as the app would answer them: what the sandbox offers at
 * /admin/extensions/<name>?state=<state> (each button answers as the app does).
 */
export const EXTENSION_STATES = {
  none: () => ({ "GET /api/deliveries": story([]) }),
  waiting: () => ({
    "GET /api/deliveries": story([
      storyDelivery({
        status: "retrying",
        attempts: 2,
        nextAttemptAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        lastErrorCode: "trigger_http",
        lastErrorParams: { status: 503 },
      }),
    ]),
    "POST /api/deliveries/d1/retry": { status: 200, body: { success: true } },
  }),
  sent: () => ({
    "GET /api/deliveries": story([storyDelivery({ callbackStatus: "success", tagsApplied: ["automation-processed"] })]),
    "POST /api/deliveries/resend": { status: 200, body: { success: true, resent: true } },
  }),
  failed: () => ({
    "GET /api/deliveries": story([
      storyDelivery({ status: "dead", attempts: 8, lastErrorCode: "trigger_http", lastErrorParams: { status: 422 } }),
    ]),
    "POST /api/deliveries/d1/retry": { status: 200, body: { success: true } },
    "POST /api/deliveries/resend": { status: 200, body: { success: true, resent: true } },
  }),
  paused: () => ({ "GET /api/deliveries": story([storyDelivery({ status: "queued", attempts: 0 })], true) }),
  // Sent to the flow, the parcel held for 5 hours with no answer yet: "Liberar ahora" and "Cancelar pedido".
  held: () => {
    const held = { state: "held", since: hoursAgo(5) };
    return {
      "GET /api/deliveries": story([storyDelivery({ deliveredAt: hoursAgo(5), createdAt: hoursAgo(5) })]),
      "GET /api/orders/hold": buyerState(null, held),
      "POST /api/orders/hold release": buyerState(null, { ...held, pending: "release" }),
      "POST /api/orders/hold cancel": buyerState(null, { ...held, pending: "cancel" }),
    };
  },
  // The buyer refused, and the store would not cancel: the platform's reason, and "Cancelar pedido" again.
  refused: () => {
    const answer = { answer: "refused", answeredAt: hoursAgo(2), waitingSince: hoursAgo(8), source: "callback" };
    const refused = {
      state: "cancel_refused",
      since: hoursAgo(2),
      problem: "INVALID: Cannot cancel an order with outstanding fulfillments",
    };
    // The flow's callback carried the answer: its tag is what the shop's answer rules read as a refusal.
    const answered = storyDelivery({
      deliveredAt: hoursAgo(8),
      createdAt: hoursAgo(8),
      callbackStatus: "tagged",
      callbackAt: hoursAgo(2),
      tagsApplied: ["automation-processed", "cod-rechazado"],
    });
    return {
      "GET /api/deliveries": story([answered]),
      "GET /api/orders/hold": buyerState(answer, refused),
      "POST /api/orders/hold cancel": buyerState(answer, { ...refused, pending: "cancel" }),
    };
  },
  // The buyer confirmed and the hold is released: nothing left to press.
  confirmed: () => ({
    "GET /api/deliveries": story([
      storyDelivery({
        deliveredAt: hoursAgo(8),
        createdAt: hoursAgo(8),
        callbackStatus: "success",
        callbackAt: hoursAgo(1),
        tagsApplied: ["automation-processed"],
      }),
    ]),
    "GET /api/orders/hold": buyerState(
      { answer: "confirmed", answeredAt: hoursAgo(1), waitingSince: hoursAgo(8), source: "callback" },
      { state: "released", since: hoursAgo(1) },
    ),
  }),
  error: () => ({
    "GET /api/deliveries": {
      status: 401,
      body: { success: false, error: "Unauthorized", code: "unauthorized" },
    } satisfies StandInAnswer,
  }),
} satisfies Record<string, () => StandInOptions["answers"]>;

export type ExtensionState = keyof typeof EXTENSION_STATES;

export function isExtensionName(value: string): value is ExtensionName {
  return value === "order-automation-block" || value === "order-automation-action";
}
