/* global window, document, location, customElements, HTMLElement, URL, URLSearchParams, Request, Headers, setTimeout */
// Plays the part of the admin's App Bridge script (cdn.shopify.com/shopifycloud/app-bridge.js) for the
// browser tests: the `shopify` global with config, idToken() and toast, fetch carrying the session token,
// and the navigation menu rendered where a test (and a screenshot) can see it.
(() => {
  const script = document.currentScript;
  const params = new URLSearchParams(location.search);
  const toasts = document.createElement("div");
  toasts.setAttribute("data-testid", "toasts");
  toasts.style.cssText =
    "position:fixed;bottom:24px;left:50%;transform:translateX(-50%);z-index:1000;display:grid;gap:8px";

  window.shopify = {
    config: {
      apiKey: script?.dataset.apiKey ?? "",
      shop: params.get("shop") ?? "",
      host: params.get("host") ?? "",
      locale: params.get("locale") ?? "en",
    },
    idToken: () => window.__sessionToken(),
    toast: {
      show(message) {
        const toast = document.createElement("div");
        toast.setAttribute("role", "status");
        toast.setAttribute("data-testid", "toast");
        toast.textContent = message;
        toast.style.cssText = "background:#303030;color:#fff;padding:10px 16px;border-radius:8px;font:14px sans-serif";
        if (!toasts.isConnected) document.body.append(toasts);
        toasts.append(toast);
        setTimeout(() => toast.remove(), 5000);
        return "toast";
      },
      hide() {},
    },
  };

  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin) return originalFetch(input, init);
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set("Authorization", `Bearer ${await window.__sessionToken()}`);
    return originalFetch(input, { ...init, headers });
  };

  const style = document.createElement("style");
  style.textContent =
    "ui-nav-menu{display:flex;flex-wrap:wrap;gap:16px;padding:10px 16px;background:#1a1a1a;font:14px sans-serif}" +
    "ui-nav-menu a{color:#fff;text-decoration:none}ui-nav-menu a[aria-current=page]{text-decoration:underline}";
  document.head.append(style);
  if (!customElements.get("ui-nav-menu")) {
    customElements.define(
      "ui-nav-menu",
      class extends HTMLElement {
        connectedCallback() {
          this.setAttribute("role", "navigation");
          this.setAttribute("aria-label", "App");
        }
      },
    );
  }

  // <ui-title-bar>: the admin shows the title (and a breadcrumb) above the frame; here a line at the top.
  const titleBarStyle = document.createElement("style");
  titleBarStyle.textContent =
    "ui-title-bar{display:block;padding:8px 16px;font:600 14px sans-serif;background:#f1f1f1}" +
    "ui-title-bar::before{content:attr(title)}ui-title-bar>*{display:none}";
  document.head.append(titleBarStyle);
  // <ui-save-bar>: app-bridge-react's SaveBar calls show()/hide(); here it renders as a bar at the top.
  if (!customElements.get("ui-save-bar")) {
    customElements.define(
      "ui-save-bar",
      class extends HTMLElement {
        connectedCallback() {
          this.setAttribute("data-testid", "save-bar");
          if (!this.hasAttribute("data-open")) this.style.display = "none";
        }
        show() {
          this.setAttribute("data-open", "");
          this.style.cssText =
            "display:flex;gap:8px;justify-content:flex-end;position:fixed;top:0;left:0;right:0;padding:8px 16px;background:#1a1a1a;z-index:99998";
        }
        hide() {
          this.removeAttribute("data-open");
          this.style.display = "none";
        }
      },
    );
  }
  // shopify.resourcePicker is installed after this script by harness/browser.ts, from the one implementation
  // both stand-ins share (sandbox/platform/resource-picker.ts).

  window.shopify.saveBar = {
    show: async (id) => document.getElementById(id)?.show(),
    hide: async (id) => document.getElementById(id)?.hide(),
    toggle: async (id) => {
      const bar = document.getElementById(id);
      if (bar && bar.hasAttribute("data-open")) bar.hide();
      else if (bar) bar.show();
    },
    leaveConfirmation: async () => {},
  };
})();
