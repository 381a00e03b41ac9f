import { describe, expect, it } from "vitest";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { screenshot } from "./harness/browser";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";

const PAGES = [
  { path: "/app", title: "app.title", name: "home" },
  { path: "/app/settings", title: "nav.settings", name: "settings" },
  { path: "/app/catalogue", title: "nav.catalogue", name: "catalogue" },
  { path: "/app/products", title: "nav.products", name: "products" },
  { path: "/app/deliveries", title: "nav.deliveries", name: "deliveries" },
  { path: "/app/deliveries/d_1004", title: "delivery.back", name: "delivery" },
  { path: "/app/theme", title: "theme.title", name: "theme" },
] as const;

// English strings long enough not to be shared words or data, that Spanish says differently.
const englishOnly = Object.entries(en)
  .filter(([key, text]) => text.length >= 12 && es[key as keyof typeof es] !== text && !text.includes("{"))
  .map(([, text]) => text);

describe("every page in both languages", () => {
  const admin = useAdmin();

  for (const page of PAGES) {
    it(`${page.name} speaks Spanish with no English left`, async () => {
      const api = withOrdersAndDeliveries(configuredShop(admin.shop));
      const browserPage = await admin.open(api, page.path, "es");
      const title = page.name === "delivery" ? "Envío #1004" : es[page.title];
      await expect.poll(() => browserPage.getByRole("heading", { name: title, exact: true }).isVisible()).toBe(true);
      // Loading states are gone before the text is read.
      await expect.poll(() => browserPage.locator("[aria-busy=true]").count()).toBe(0);
      const text = await browserPage.locator("body").innerText();
      expect(englishOnly.filter((english) => text.includes(english))).toEqual([]);
      await screenshot(browserPage, `tour-${page.name}-es`);
    });

    it(`${page.name} speaks English`, async () => {
      const api = withOrdersAndDeliveries(configuredShop(admin.shop));
      const browserPage = await admin.open(api, page.path, "en");
      const title = page.name === "delivery" ? "Delivery #1004" : en[page.title];
      await expect.poll(() => browserPage.getByRole("heading", { name: title, exact: true }).isVisible()).toBe(true);
      await screenshot(browserPage, `tour-${page.name}-en`);
    });
  }
});
