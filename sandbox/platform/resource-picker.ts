/**
 * The admin's product picker (`shopify.resourcePicker({ type: "product" })`) as both App Bridge stand-ins play
 * it (docs/decisions/140): a modal <dialog> over the app listing the store's products with thumbnails, a search
 * box, Select and Cancel, in the admin's language. One implementation: the sandbox's stand-in (./admin.ts) and
 * the browser tests' (tests/browser/harness) both install it, each telling it where the products come from.
 *
 * The source of a browser function, called as `(SOURCE)(window.shopify, loadProducts)` where `loadProducts`
 * resolves to `[{ id, title, descriptionHtml, images: [{ originalSrc, altText }] , ... }]`.
 */
export const RESOURCE_PICKER_SOURCE = String.raw`function installResourcePicker(shopify, loadProducts) {
  "use strict";
  const allWords = {
    en: { title: "Select product", search: "Search products", select: "Select", cancel: "Cancel", none: "No products" },
    es: { title: "Seleccionar producto", search: "Buscar productos", select: "Seleccionar", cancel: "Cancelar", none: "Sin productos" },
  };
  shopify.resourcePicker = async (options) => {
    if (!options || options.type !== "product") throw new Error("The stand-in picks products only");
    const words = allWords[String(shopify.config.locale || "").startsWith("en") ? "en" : "es"];
    const products = await loadProducts();
    const chosen = new Set((options.selectionIds || []).map((selection) => selection.id));
    return new Promise((resolve) => {
      const dialog = document.createElement("dialog");
      dialog.dataset.testid = "resource-picker";
      dialog.setAttribute("aria-labelledby", "resource-picker-title");
      dialog.style.cssText = "width:min(560px,92vw);max-height:80vh;padding:16px;border:0;border-radius:12px;font:14px sans-serif";
      const heading = document.createElement("h2");
      heading.id = "resource-picker-title";
      heading.textContent = words.title;
      heading.style.cssText = "margin:0 0 12px;font-size:16px";
      const search = document.createElement("input");
      search.type = "search";
      search.placeholder = words.search;
      search.setAttribute("aria-label", words.search);
      search.style.cssText = "width:100%;box-sizing:border-box;padding:8px;margin-bottom:8px";
      const list = document.createElement("div");
      list.setAttribute("role", "radiogroup");
      list.setAttribute("aria-label", words.title);
      list.style.cssText = "display:grid;gap:4px;overflow:auto;max-height:50vh";
      const select = document.createElement("button");
      select.type = "button";
      select.textContent = words.select;
      select.disabled = chosen.size === 0;
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.textContent = words.cancel;
      const render = () => {
        const query = search.value.trim().toLowerCase();
        const matching = products.filter((product) => product.title.toLowerCase().includes(query));
        list.replaceChildren();
        if (!matching.length) list.textContent = words.none;
        for (const product of matching) {
          const label = document.createElement("label");
          label.style.cssText = "display:flex;gap:12px;align-items:center;padding:6px;border-radius:8px;cursor:pointer";
          const radio = document.createElement("input");
          radio.type = "radio";
          radio.name = "resource-picker-product";
          radio.value = product.id;
          radio.checked = chosen.has(product.id);
          radio.addEventListener("change", () => {
            chosen.clear();
            chosen.add(product.id);
            select.disabled = false;
          });
          const thumbnail = document.createElement("img");
          thumbnail.alt = "";
          thumbnail.width = 40;
          thumbnail.height = 40;
          thumbnail.style.cssText = "object-fit:cover;border-radius:6px;background:#eee";
          if (product.images && product.images[0]) thumbnail.src = product.images[0].originalSrc;
          const name = document.createElement("span");
          name.textContent = product.title;
          label.append(radio, thumbnail, name);
          list.append(label);
        }
      };
      const finish = (selection) => {
        dialog.close();
        dialog.remove();
        resolve(selection);
      };
      cancel.addEventListener("click", () => finish(undefined));
      dialog.addEventListener("cancel", () => finish(undefined));
      select.addEventListener("click", () => finish(products.filter((product) => chosen.has(product.id)).slice(0, 1)));
      search.addEventListener("input", render);
      const actions = document.createElement("div");
      actions.style.cssText = "display:flex;justify-content:flex-end;gap:8px;margin-top:12px";
      actions.append(cancel, select);
      dialog.append(heading, search, list, actions);
      document.body.append(dialog);
      render();
      dialog.showModal();
    });
  };
}`;
