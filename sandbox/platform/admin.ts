import { RESOURCE_PICKER_SOURCE } from "./resource-picker";
import { SCOPES_GRANT_SOURCE } from "./scopes-grant";

/**
 * The admin's part, played locally: a page that frames the app as the platform's admin does, and a stand-in
 * of the App Bridge client script. The contract both keep is written in sandbox/README.md.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The `host` parameter the admin passes: base64 of the admin's address for the store. */
export function adminHost(shop: string) {
  return Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`).toString("base64url");
}

export function embeddedAppUrl(options: { appUrl: string; shop: string; locale: string; idToken: string }) {
  const url = new URL("/app", options.appUrl);
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", options.shop);
  url.searchParams.set("host", adminHost(options.shop));
  url.searchParams.set("locale", options.locale);
  url.searchParams.set("id_token", options.idToken);
  return url.toString();
}

export function adminPage(options: { frameUrl: string; shop: string; locale: string; platformUrl: string }) {
  const { shop, locale } = options;
  const other = locale === "es" ? "en" : "es";
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox admin · ${escapeHtml(shop)}</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; display: grid; grid-template-rows: auto 1fr; height: 100vh; }
  header { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; padding: 8px 16px; background: #1a1a1a; color: #fff; }
  header b { margin-right: auto; }
  header a { color: #9fd3ff; }
  main { display: grid; grid-template-columns: 1fr 320px; min-height: 0; }
  iframe { width: 100%; height: 100%; border: 0; }
  aside { border-left: 1px solid #ddd; overflow: auto; padding: 8px 12px; background: #fafafa; }
  aside li { margin: 6px 0; list-style: none; }
  aside ul { padding: 0; }
  .tag { display: inline-block; background: #e3f1df; border-radius: 8px; padding: 0 6px; margin: 2px; font-size: 12px; }
  .tag.error { background: #fed3d1; }
  /* A phone: the app takes the width, the platform's orders go below it; nothing scrolls sideways. */
  @media (max-width: 720px) {
    body { height: auto; }
    main { grid-template-columns: 1fr; }
    iframe { height: 80vh; }
    aside { border-left: 0; border-top: 1px solid #ddd; }
  }
</style>
</head>
<body>
<header>
  <b>Tienda Demo · sandbox admin</b>
  <span>${escapeHtml(shop)}</span>
  <a href="?shop=${encodeURIComponent(shop)}&locale=${other}">${other === "en" ? "English" : "Español"}</a>
  <button id="order" type="button">Send test order</button>
  <button id="draft" type="button">Send abandoned cart</button>
  <a href="/admin/extensions/order-automation-block?state=sent&locale=${locale}" target="_blank">Order block</a>
  <a href="/admin/extensions/order-automation-action?state=sent&locale=${locale}" target="_blank">Order action</a>
</header>
<main>
  <iframe id="app-frame" title="app" src="${escapeHtml(options.frameUrl)}"></iframe>
  <aside>
    <h3>Orders on the platform</h3>
    <ul id="orders" data-testid="platform-orders"></ul>
  </aside>
</main>
<script>
  const shop = ${JSON.stringify(shop)};
  async function post(path) {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ shop }) });
    return response.json();
  }
  document.getElementById("order").onclick = () => post("/sim/orders").then(refresh);
  document.getElementById("draft").onclick = () => post("/sim/draft_orders").then(refresh);
  async function refresh() {
    const { orders } = await (await fetch("/sim/orders?shop=" + encodeURIComponent(shop))).json();
    const list = document.getElementById("orders");
    list.replaceChildren(...orders.slice(0, 15).map((order) => {
      const item = document.createElement("li");
      item.textContent = order.name + " · $" + Number(order.totalPrice).toLocaleString("es-CO") + " COP ";
      for (const tag of order.tags) {
        const badge = document.createElement("span");
        badge.className = "tag" + (tag.includes("error") ? " error" : "");
        badge.textContent = tag;
        item.append(badge);
      }
      // The app's risk assessments, as the admin's risk panel shows them.
      for (const level of order.risk ?? []) {
        const badge = document.createElement("span");
        badge.className = "tag risk";
        badge.textContent = "risk: " + level.toLowerCase();
        item.append(badge);
      }
      return item;
    }));
  }
  refresh();
  setInterval(refresh, 1500);
</script>
</body>
</html>`;
}

/** The App Bridge stand-in, served as JavaScript. It learns where it came from through its own script URL. */
export const APP_BRIDGE_STAND_IN = String.raw`(() => {
  "use strict";
  const script = document.currentScript;
  const simOrigin = new URL(script.src).origin;
  const params = new URLSearchParams(location.search);
  const remembered = JSON.parse(sessionStorage.getItem("sandbox-app-bridge") || "{}");
  const config = {
    apiKey: script.dataset.apiKey || remembered.apiKey || "",
    shop: params.get("shop") || remembered.shop || "",
    host: params.get("host") || remembered.host || "",
    locale: params.get("locale") || remembered.locale || "es",
  };
  sessionStorage.setItem("sandbox-app-bridge", JSON.stringify(config));

  let cached = null;
  async function idToken() {
    if (cached && cached.until > Date.now()) return cached.token;
    const response = await originalFetch(simOrigin + "/admin/session-token?shop=" + encodeURIComponent(config.shop));
    if (!response.ok) throw new Error("The sandbox refused a session token (" + response.status + ")");
    const { token } = await response.json();
    cached = { token, until: Date.now() + 30000 };
    return token;
  }

  // As App Bridge does: same-origin requests carry the session token.
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url, location.href).origin !== location.origin || request.headers.has("Authorization")) {
      return originalFetch(request);
    }
    const headers = new Headers(request.headers);
    headers.set("Authorization", "Bearer " + (await idToken()));
    return originalFetch(new Request(request, { headers }));
  };

  function region(id, css) {
    let element = document.getElementById(id);
    if (!element) {
      element = document.createElement("div");
      element.id = id;
      element.style.cssText = css;
      document.body.append(element);
    }
    return element;
  }

  const toast = {
    show(message, options = {}) {
      const container = region("sandbox-toasts", "position:fixed;bottom:16px;left:50%;transform:translateX(-50%);display:grid;gap:8px;z-index:99999");
      const element = document.createElement("div");
      element.setAttribute("role", "status");
      element.dataset.testid = "toast";
      if (options.isError) element.dataset.error = "true";
      element.textContent = message;
      element.style.cssText = "padding:10px 16px;border-radius:8px;color:#fff;background:" + (options.isError ? "#8e1f0b" : "#1a1a1a");
      container.append(element);
      setTimeout(() => element.remove(), options.duration || 5000);
      return "toast-" + Date.now();
    },
    hide() {},
  };

  let loadingState = false;
  function loading(isLoading) {
    if (isLoading === undefined) return loadingState;
    loadingState = Boolean(isLoading);
    const bar = region("sandbox-loading", "position:fixed;top:0;left:0;height:3px;width:100%;z-index:99999");
    bar.dataset.testid = "loading";
    bar.style.background = loadingState ? "#008060" : "transparent";
    return loadingState;
  }

  window.shopify = {
    config,
    origin: simOrigin,
    environment: { embedded: true, mobile: false, pos: false },
    idToken,
    toast,
    loading,
  };

  // The admin renders <ui-nav-menu> links in its own navigation; here they become a visible bar.
  if (!customElements.get("ui-nav-menu")) {
    customElements.define("ui-nav-menu", class extends HTMLElement {
      connectedCallback() {
        this.setAttribute("role", "navigation");
        this.dataset.testid = "nav-menu";
        this.style.cssText = "display:flex;flex-wrap:wrap;gap:8px 16px;padding:8px 16px;border-bottom:1px solid #ddd;background:#fff";
        this.addEventListener("click", (event) => {
          const link = event.target.closest("a[href]");
          if (!link) return;
          event.preventDefault();
          link.dispatchEvent(new CustomEvent("shopify:navigate", { bubbles: true, composed: true }));
        });
      }
    });
  }
  if (!customElements.get("ui-title-bar")) {
    customElements.define("ui-title-bar", class extends HTMLElement {
      // The title is drawn in the element's shadow root, never among its children: those are the app's, and
      // React hydrates them (a node added there before hydration is a hydration mismatch).
      connectedCallback() {
        this.style.cssText = "display:block;padding:8px 16px;font-weight:600";
        if (!this.shadowRoot) {
          const root = this.attachShadow({ mode: "open" });
          const title = document.createElement("span");
          title.dataset.testid = "title-bar";
          root.append(title, document.createElement("slot"));
        }
        this.shadowRoot.querySelector("[data-testid=title-bar]").textContent = this.getAttribute("title") || "";
      }
      static get observedAttributes() { return ["title"]; }
      attributeChangedCallback() {
        if (this.shadowRoot) this.shadowRoot.querySelector("[data-testid=title-bar]").textContent = this.getAttribute("title") || "";
      }
    });
  }

  // <ui-save-bar> and <ui-modal>: app-bridge-react's SaveBar and Modal call show()/hide() on the element and
  // listen for its show/hide events. Here they render in place (children included, so React's handlers work).
  function overlayElement(name, testid, css) {
    if (customElements.get(name)) return;
    customElements.define(name, class extends HTMLElement {
      connectedCallback() {
        this.dataset.testid = testid;
        if (name === "ui-modal") this.setAttribute("role", "dialog");
        if (!this.open) this.style.display = "none";
      }
      get open() { return this.hasAttribute("data-open"); }
      show() {
        if (this.open) return;
        this.setAttribute("data-open", "");
        this.style.cssText = css;
        this.dispatchEvent(new CustomEvent("show"));
      }
      hide() {
        if (!this.open) return;
        this.removeAttribute("data-open");
        this.style.display = "none";
        this.dispatchEvent(new CustomEvent("hide"));
      }
      toggle() { this.open ? this.hide() : this.show(); }
    });
  }
  overlayElement("ui-save-bar", "save-bar", "display:flex;gap:8px;justify-content:flex-end;position:fixed;top:0;left:0;right:0;padding:8px 16px;background:#1a1a1a;z-index:99998");
  overlayElement("ui-modal", "modal", "display:block;position:fixed;inset:10% 20%;overflow:auto;padding:16px;background:#fff;border-radius:12px;box-shadow:0 0 0 100vmax rgba(0,0,0,.4);z-index:99997");
  const byId = (id) => {
    const element = document.getElementById(id);
    if (!element) throw new Error("No element with id " + id);
    return element;
  };
  window.shopify.saveBar = {
    show: async (id) => byId(id).show(),
    hide: async (id) => byId(id).hide(),
    toggle: async (id) => byId(id).toggle(),
    leaveConfirmation: async () => undefined,
  };
  window.shopify.modal = {
    show: async (id) => byId(id).show(),
    hide: async (id) => byId(id).hide(),
    toggle: async (id) => byId(id).toggle(),
  };

  // shopify.scopes: the admin's grant screen for the app's optional scopes (./scopes.ts). A grant is stored by the
  // simulator, which then allows what the scopes allow and sends the app app/scopes_update before answering.
  (${SCOPES_GRANT_SOURCE})(window.shopify, {
    shop: config.shop,
    locale: config.locale,
    async query() {
      const response = await originalFetch(simOrigin + "/admin/scopes?shop=" + encodeURIComponent(config.shop));
      if (!response.ok) throw new Error("The sandbox could not read the scopes (" + response.status + ")");
      return response.json();
    },
    async grant(scopes) {
      // text/plain: a simple request, no preflight.
      const response = await originalFetch(simOrigin + "/admin/scopes/grant", {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify({ shop: config.shop, scopes }),
      });
      if (!response.ok) throw new Error((await response.json()).error || "The sandbox refused the grant");
    },
  });

  // shopify.resourcePicker: the products come from the platform simulator's store (./resource-picker.ts).
  (${RESOURCE_PICKER_SOURCE})(window.shopify, async () => {
    const response = await originalFetch(simOrigin + "/admin/resource-picker/products?shop=" + encodeURIComponent(config.shop));
    if (!response.ok) throw new Error("The sandbox could not list products (" + response.status + ")");
    return (await response.json()).products;
  });

  // The library's bounce page asks App Bridge to come back with a fresh session token.
  const reload = params.get("shopify-reload");
  if (reload) {
    idToken().then((token) => {
      const target = new URL(reload, location.href);
      target.searchParams.set("id_token", token);
      location.replace(target.toString());
    });
  }
})();
`;
