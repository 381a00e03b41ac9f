import { describe, expect, it } from "vitest";
import type { PublicConfiguration, SupplierVariation } from "~/lib/api-types";
import { setupComplete, setupSteps } from "~/lib/setup-steps";
import { catalogueQuery, displayPrice, displayStock, galleryUrls } from "~/lib/supplier";
import { themeUrl, validateThemeSource } from "~/lib/theme-source";

const variation = (id: string, sku: string, extra: Partial<SupplierVariation> = {}): SupplierVariation => ({
  id,
  sku,
  price: 10,
  stock: null,
  attributes: [],
  ...extra,
});

describe("theme source", () => {
  it("builds the repo-api:// form with the token encoded", () => {
    const source = {
      kind: "repository" as const,
      owner: "tienda",
      repo: "tema",
      branch: "release/2.5",
      token: "a+b/c",
    };
    expect(validateThemeSource(source)).toEqual({});
    expect(themeUrl(source)).toBe("repo-api://tienda/tema/release/2.5?token=a%2Bb%2Fc");
  });

  it("names every missing or malformed repository field", () => {
    expect(validateThemeSource({ kind: "repository", owner: "", repo: "te ma", branch: "", token: " " })).toEqual({
      owner: "required",
      repo: "invalid",
      branch: "required",
      token: "required",
    });
  });

  it("accepts only https public URLs", () => {
    expect(validateThemeSource({ kind: "public", url: "https://cdn.example/tema.zip" })).toEqual({});
    expect(validateThemeSource({ kind: "public", url: "http://cdn.example/tema.zip" })).toEqual({ url: "invalid" });
    // Where the server fetches loopback archives over http (the sandbox), the page takes its printed URL too.
    expect(
      validateThemeSource({ kind: "public", url: "http://127.0.0.1:4105/public/tema-cod.zip" }, { allowHttp: true }),
    ).toEqual({});
    expect(validateThemeSource({ kind: "public", url: "ftp://cdn.example/tema.zip" }, { allowHttp: true })).toEqual({
      url: "invalid",
    });
    expect(validateThemeSource({ kind: "public", url: "ftp://x/tema.zip" })).toEqual({ url: "invalid" });
    expect(validateThemeSource({ kind: "public", url: "" })).toEqual({ url: "required" });
  });
});

describe("supplier catalogue helpers", () => {
  it("asks for favourites by default, private products when chosen, and pages by offset", () => {
    expect(catalogueQuery("", "favorites", 0)).toMatchObject({ favorite: true, privated_product: false, startData: 0 });
    expect(catalogueQuery("", "private", 2)).toMatchObject({ favorite: false, privated_product: true, startData: 48 });
    expect(catalogueQuery("reloj", "all", 0)).toMatchObject({ keywords: "reloj", favorite: false });
  });

  it("prices a variable product at its cheapest variation and sums its stock", () => {
    const product = {
      price: null,
      stock: null,
      variations: [variation("a", "A", { price: 41900, stock: 2 }), variation("b", "B", { price: 39900, stock: 5 })],
    };
    expect(displayPrice(product)).toBe(39900);
    expect(displayStock(product)).toBe(7);
    expect(displayStock({ stock: null, variations: [] })).toBeNull();
  });

  it("shows only absolute image addresses, once each", () => {
    expect(
      galleryUrls({
        gallery: [
          { url: "https://img.test/1.webp", urlS3: "p/1.webp" },
          { url: null, urlS3: "p/2.webp" },
          { url: "https://img.test/1.webp", urlS3: "p/1.webp" },
        ],
      }),
    ).toEqual(["https://img.test/1.webp"]);
  });
});

describe("setup checklist", () => {
  const configuration: PublicConfiguration = {
    shop: "x.myshopify.com",
    automationApiKey: "••••41c7",
    newOrderFlowId: "f1",
    abandonedCartFlowId: null,
    supplierStoreName: "Tienda",
    supplierCountry: "CO",
    supplierToken: "••••3a90",
    updatedAt: "2026-11-20T00:00:00.000Z",
  };

  it("counts a step done only when everything it needs is there", () => {
    const steps = setupSteps({ configuration, linkedProducts: 0, themes: 1 });
    expect(Object.fromEntries(steps.map((step) => [step.key, step.done]))).toEqual({
      "home.checklist.automation": true,
      "home.checklist.flows": false,
      "home.checklist.supplier": true,
      "home.checklist.product": false,
      "home.checklist.theme": true,
    });
  });

  it("lets the guide be hidden once every step the orders need is done, with or without the optional theme", () => {
    const ready = { ...configuration, abandonedCartFlowId: "f2" };
    expect(setupComplete(setupSteps({ configuration: ready, linkedProducts: 1, themes: 0 }))).toBe(true);
    expect(setupComplete(setupSteps({ configuration: ready, linkedProducts: 1, themes: 1 }))).toBe(true);
    expect(setupComplete(setupSteps({ configuration: ready, linkedProducts: 0, themes: 1 }))).toBe(false);
    expect(setupComplete(setupSteps({ configuration, linkedProducts: 1, themes: 1 }))).toBe(false);
  });

  it("shows a refused key as the first step to do again, and keeps what follows it open", () => {
    const ready = { ...configuration, abandonedCartFlowId: "f2" };
    const steps = setupSteps({ configuration: ready, linkedProducts: 1, themes: 0, keyRefused: true });
    const automation = steps.find((step) => step.key === "home.checklist.automation")!;
    expect(automation).toMatchObject({
      done: false,
      refused: true,
      available: true,
      help: "home.checklist.automation.refused",
    });
    // The flows, supplier and product stay done; nothing after the key becomes "available after" it.
    expect(steps.filter((step) => step.done).map((step) => step.key)).toEqual([
      "home.checklist.flows",
      "home.checklist.supplier",
      "home.checklist.product",
    ]);
    // Not finished while the key is refused: the guide cannot be hidden.
    expect(setupComplete(steps)).toBe(false);
    // No key saved: nothing to refuse, the step is simply to do.
    const none = setupSteps({ configuration: null, linkedProducts: 0, themes: 0, keyRefused: true });
    expect(none[0]).toMatchObject({ done: false, refused: false, help: "home.checklist.automation.help" });
  });

  it("has every step to do for a shop without configuration", () => {
    expect(setupSteps({ configuration: null, linkedProducts: 0, themes: 0 }).every((step) => !step.done)).toBe(true);
  });

  it("offers a step only once the steps it needs are done", () => {
    const offered = (state: Parameters<typeof setupSteps>[0]) =>
      setupSteps(state)
        .filter((step) => step.available)
        .map((step) => step.key);
    expect(offered({ configuration: null, linkedProducts: 0, themes: 0 })).toEqual([
      "home.checklist.automation",
      "home.checklist.theme",
    ]);
    expect(offered({ configuration, linkedProducts: 0, themes: 1 })).toEqual([
      "home.checklist.flows",
      "home.checklist.product",
    ]);
  });
});
