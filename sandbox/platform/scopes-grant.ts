/**
 * The admin's grant screen for an app's optional scopes (`shopify.scopes.request(scopes)`, App Bridge's scopes API)
 * as the sandbox's App Bridge stand-in plays it: a modal <dialog> over the app naming what the app asks to do, in
 * the admin's language, with Grant and Cancel. Grant stores the scopes at the platform simulator (which sends the
 * app app/scopes_update) and answers `granted-all`; Cancel answers `declined-all`, as App Bridge does.
 *
 * The source of a browser function, called as `(SOURCE)(window.shopify, { shop, locale, query, grant })`.
 */
export const SCOPES_GRANT_SOURCE = String.raw`function installScopesGrant(shopify, sandbox) {
  "use strict";
  const allWords = {
    en: {
      title: "Grant the app more access",
      lead: "Tienda Demo's app asks to:",
      grant: "Grant",
      cancel: "Cancel",
      failed: "The access could not be granted: ",
      scopes: {
        read_inventory: "View your inventory",
        write_inventory: "View and adjust your inventory",
        read_locations: "View your locations",
        write_merchant_managed_fulfillment_orders: "Hold and release the fulfillment of orders from your locations",
        write_third_party_fulfillment_orders: "Hold and release the fulfillment of orders sent to fulfillment services",
      },
    },
    es: {
      title: "Dar más acceso a la app",
      lead: "La app de Tienda Demo pide permiso para:",
      grant: "Conceder",
      cancel: "Cancelar",
      failed: "No se pudo conceder el acceso: ",
      scopes: {
        read_inventory: "Ver tu inventario",
        write_inventory: "Ver y ajustar tu inventario",
        read_locations: "Ver tus ubicaciones",
        write_merchant_managed_fulfillment_orders: "Retener y liberar la preparación de pedidos de tus ubicaciones",
        write_third_party_fulfillment_orders: "Retener y liberar la preparación de pedidos enviados a servicios logísticos",
      },
    },
  };
  const words = () => allWords[String(sandbox.locale || "").startsWith("en") ? "en" : "es"];

  function ask(scopes) {
    const text = words();
    return new Promise((resolve) => {
      const dialog = document.createElement("dialog");
      dialog.dataset.testid = "scopes-grant";
      dialog.setAttribute("aria-labelledby", "scopes-grant-title");
      dialog.style.cssText = "width:min(480px,92vw);padding:16px;border:0;border-radius:12px;font:14px sans-serif";
      const heading = document.createElement("h2");
      heading.id = "scopes-grant-title";
      heading.textContent = text.title;
      heading.style.cssText = "margin:0 0 8px;font-size:16px";
      const lead = document.createElement("p");
      lead.textContent = text.lead;
      const list = document.createElement("ul");
      for (const scope of scopes) {
        const item = document.createElement("li");
        item.textContent = text.scopes[scope] || scope;
        item.title = scope;
        list.append(item);
      }
      const problem = document.createElement("p");
      problem.setAttribute("role", "alert");
      problem.style.color = "#8e1f0b";
      const grant = document.createElement("button");
      grant.type = "button";
      grant.textContent = text.grant;
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.textContent = text.cancel;
      const actions = document.createElement("div");
      actions.style.cssText = "display:flex;gap:8px;justify-content:flex-end;margin-top:12px";
      actions.append(cancel, grant);
      dialog.append(heading, lead, list, problem, actions);
      const close = (answer) => {
        dialog.close();
        dialog.remove();
        resolve(answer);
      };
      cancel.onclick = () => close({ result: "declined-all", detail: { granted: [], declined: scopes } });
      dialog.addEventListener("cancel", (event) => {
        event.preventDefault();
        cancel.onclick();
      });
      grant.onclick = async () => {
        grant.disabled = true;
        try {
          await sandbox.grant(scopes);
          close({ result: "granted-all", detail: { granted: scopes, declined: [] } });
        } catch (error) {
          problem.textContent = text.failed + (error instanceof Error ? error.message : String(error));
          grant.disabled = false;
        }
      };
      document.body.append(dialog);
      dialog.showModal();
      grant.focus();
    });
  }

  shopify.scopes = {
    query: () => sandbox.query(),
    async request(scopes) {
      const wanted = Array.isArray(scopes) ? scopes.map(String) : [];
      const { granted } = await sandbox.query();
      const missing = wanted.filter((scope) => !granted.includes(scope));
      // Nothing new to ask for: the admin answers at once, as App Bridge does.
      if (!missing.length) return { result: "granted-all", detail: { granted: wanted, declined: [] } };
      return ask(missing);
    },
    async revoke() {
      throw new Error("The sandbox does not revoke scopes; reset the sandbox instead");
    },
  };
}`;
