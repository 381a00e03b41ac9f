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
  // shopify.resourcePicker({ type: "product" }): the admin's product picker, as a modal <dialog> over the app
  // with each product's thumbnail. The products come from the test's fake of the store (window.__resourcePickerProducts).
  const pickerWords = {
    en: { title: "Select product", search: "Search products", select: "Select", cancel: "Cancel", none: "No products" },
    es: {
      title: "Seleccionar producto",
      search: "Buscar productos",
      select: "Seleccionar",
      cancel: "Cancelar",
      none: "Sin productos",
    },
  };
  window.shopify.resourcePicker = async (options = {}) => {
    if (options.type !== "product") throw new Error("The stand-in picks products only");
    const words = pickerWords[window.shopify.config.locale.startsWith("es") ? "es" : "en"];
    const products = await window.__resourcePickerProducts();
    const preselected = new Set((options.selectionIds ?? []).map((selection) => selection.id));
    return new Promise((resolve) => {
      const dialog = document.createElement("dialog");
      dialog.setAttribute("data-testid", "resource-picker");
      dialog.setAttribute("aria-labelledby", "resource-picker-title");
      dialog.style.cssText =
        "width:min(560px,92vw);max-height:80vh;padding:16px;border:0;border-radius:12px;font:14px sans-serif";
      const title = document.createElement("h2");
      title.id = "resource-picker-title";
      title.textContent = words.title;
      title.style.cssText = "margin:0 0 12px;font-size:16px";
      const search = document.createElement("input");
      search.type = "search";
      search.setAttribute("aria-label", words.search);
      search.placeholder = words.search;
      search.style.cssText = "width:100%;box-sizing:border-box;padding:8px;margin-bottom:8px";
      const list = document.createElement("div");
      list.setAttribute("role", "radiogroup");
      list.setAttribute("aria-label", words.title);
      list.style.cssText = "display:grid;gap:4px;overflow:auto;max-height:50vh";
      const render = () => {
        const query = search.value.trim().toLowerCase();
        list.replaceChildren();
        const matching = products.filter((product) => product.title.toLowerCase().includes(query));
        if (!matching.length) list.textContent = words.none;
        for (const product of matching) {
          const label = document.createElement("label");
          label.style.cssText = "display:flex;gap:12px;align-items:center;padding:6px;border-radius:8px;cursor:pointer";
          const radio = document.createElement("input");
          radio.type = "radio";
          radio.name = "resource-picker-product";
          radio.value = product.id;
          radio.checked = preselected.has(product.id);
          radio.addEventListener("change", () => {
            preselected.clear();
            preselected.add(product.id);
            select.disabled = false;
          });
          const thumbnail = document.createElement("img");
          thumbnail.alt = "";
          thumbnail.width = 40;
          thumbnail.height = 40;
          thumbnail.style.cssText = "object-fit:cover;border-radius:6px;background:#eee";
          if (product.images[0]) thumbnail.src = product.images[0].originalSrc;
          const name = document.createElement("span");
          name.textContent = product.title;
          label.append(radio, thumbnail, name);
          list.append(label);
        }
      };
      const actions = document.createElement("div");
      actions.style.cssText = "display:flex;justify-content:flex-end;gap:8px;margin-top:12px";
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.textContent = words.cancel;
      const select = document.createElement("button");
      select.type = "button";
      select.textContent = words.select;
      select.disabled = preselected.size === 0;
      const finish = (selection) => {
        dialog.close();
        dialog.remove();
        resolve(selection);
      };
      cancel.addEventListener("click", () => finish(undefined));
      dialog.addEventListener("cancel", () => finish(undefined));
      select.addEventListener("click", () =>
        finish(products.filter((product) => preselected.has(product.id)).slice(0, 1)),
      );
      search.addEventListener("input", render);
      actions.append(cancel, select);
      dialog.append(title, search, list, actions);
      document.body.append(dialog);
      render();
      dialog.showModal();
    });
  };

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
