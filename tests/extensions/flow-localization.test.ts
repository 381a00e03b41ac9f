import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { FLOW_TRIGGERS } from "~/services/flow/triggers";

/**
 * Which Flow extensions can speak Spanish (docs/decisions/345): a Flow template's name and description are
 * translation keys (`t:name`) read from locales/<code>.json, one of them `*.default.json`; a trigger's or an action's
 * are shown as written, so a `t:` key there would reach the merchant as "t:name".
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
// The template reference's list, as Shopify CLI checks it (flow_template.ts, VALID_CATEGORIES).
const CATEGORIES = new Set([
  "buyer_experience",
  "customers",
  "fulfillment",
  "inventory_and_merch",
  "loyalty",
  "orders",
  "promotion",
  "risk",
  "b2b",
  "payment_reminders",
  "custom_data",
  "error_monitoring",
]);

interface Extension {
  dir: string;
  deployed: boolean;
  toml: Record<string, unknown> & { type: string; handle: string; name: string; description?: string };
}

function extensionsUnder(folder: string, deployed: boolean): Extension[] {
  const base = path.join(ROOT, folder);
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .map((name) => path.join(base, name))
    .filter((dir) => existsSync(path.join(dir, "shopify.extension.toml")))
    .flatMap((dir) => {
      const toml = parse(readFileSync(path.join(dir, "shopify.extension.toml"), "utf8")) as {
        extensions: Extension["toml"][];
      };
      return toml.extensions.map((extension) => ({ dir, deployed, toml: extension }));
    });
}

const all = [...extensionsUnder("extensions", true), ...extensionsUnder("flow-templates", false)];
const templates = all.filter((extension) => extension.toml.type === "flow_template");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

describe("the Flow template extensions", () => {
  it("include the Spanish and English template on the high-risk trigger", () => {
    const template = templates.find((extension) => extension.toml.handle === "tag-hold-high-risk");
    expect(template).toBeDefined();
    expect(readJson(path.join(template!.dir, "locales/es.json")).name).toBe(
      "Etiquetar y retener pedidos de alto riesgo",
    );
    const workflow = readFileSync(path.join(template!.dir, "workflow.md"), "utf8");
    expect(workflow).toContain("`high-risk`");
    expect(Object.keys(FLOW_TRIGGERS)).toContain("high-risk");
    const trigger = all.find((extension) => extension.toml.handle === "high-risk");
    expect(workflow).toContain(`**${trigger!.toml.name}**`);
  });

  it("use translation keys for name and description, present in en.default.json and es.json", () => {
    expect(templates.length).toBeGreaterThan(0);
    for (const { dir, toml } of templates) {
      expect(toml.name, dir).toBe("t:name");
      expect(toml.description, dir).toBe("t:description");
      const locales = readdirSync(path.join(dir, "locales")).sort();
      expect(locales, dir).toEqual(["en.default.json", "es.json"]);
      const [en, es] = locales.map((file) => readJson(path.join(dir, "locales", file)));
      expect(Object.keys(es).sort(), dir).toEqual(Object.keys(en).sort());
      for (const key of ["name", "description"]) {
        for (const locale of [en, es]) expect(locale[key], `${dir} ${key}`).toEqual(expect.stringMatching(/\S/));
        expect(es[key], `${dir} ${key} is translated`).not.toBe(en[key]);
      }
    }
  });

  it("follow the template reference: handle, one or two known categories, a module, and the app required", () => {
    for (const { dir, deployed, toml } of templates) {
      expect(toml.handle, dir).toMatch(/^[a-z0-9-]{1,30}$/);
      const template = toml.template as { categories: string[]; module: string; require_app?: boolean };
      expect(template.categories.length, dir).toBeGreaterThanOrEqual(1);
      expect(template.categories.length, dir).toBeLessThanOrEqual(2);
      for (const category of template.categories) expect(CATEGORIES.has(category), category).toBe(true);
      expect(template.module, dir).toMatch(/^\.\/.+\.flow$/);
      // Its trigger is the app's: a template shown to shops without the app could not run.
      expect(template.require_app, dir).toBe(true);
      // `shopify app deploy` aborts on a deployed template whose exported workflow is missing.
      if (deployed) expect(existsSync(path.join(dir, template.module)), `${dir} ${template.module}`).toBe(true);
    }
  });
});

describe("the Flow trigger and action extensions", () => {
  it("write their name, description and field descriptions as text, since Flow shows them untranslated", () => {
    const flow = all.filter((extension) => ["flow_trigger", "flow_action"].includes(extension.toml.type));
    expect(flow.length).toBe(Object.keys(FLOW_TRIGGERS).length + 1);
    for (const { dir, toml } of flow) {
      const fields = parse(readFileSync(path.join(dir, "shopify.extension.toml"), "utf8")) as {
        settings?: { fields?: { description?: string; name?: string }[] };
      };
      const texts = [
        toml.name,
        toml.description,
        ...(fields.settings?.fields ?? []).flatMap((f) => [f.name, f.description]),
      ];
      for (const text of texts.filter((value) => value !== undefined)) expect(text, dir).not.toMatch(/^t:/);
      expect(existsSync(path.join(dir, "locales")), `${dir} has no locales to be read`).toBe(false);
    }
  });
});
