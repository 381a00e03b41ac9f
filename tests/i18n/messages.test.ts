import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/context";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { resolveLocale, translate } from "~/i18n";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("messages", () => {
  it("has a Spanish string for every English key and no extra ones", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it("keeps the same placeholders in both languages", () => {
    const mismatched = Object.keys(en).filter(
      (key) => placeholders(en[key as keyof typeof en]).join() !== placeholders(es[key as keyof typeof es]).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it("speaks to the merchant as tú everywhere, never as usted (the admin and the order-page extensions)", () => {
    // The usted forms the app's sentences would use; "su" alone is left out: it also means the buyer's.
    const usted =
      /\b(usted(es)?|Espere|Inténtel[oa]|Reinstálel[oa]|Revise|Verifique|Compruebe|Asegúrese|Pulse|Haga|Intente|Vuelva|Elija|Conceda|Pegue|Escriba|Configure)\b|\b[Ss]u tienda\b/;
    const extensions = ["order-automation-block", "order-automation-action"].flatMap((name) =>
      Object.entries(flatten(JSON.parse(readFileSync(`extensions/${name}/locales/es.json`, "utf8")))),
    );
    expect([...Object.entries(es), ...extensions].filter(([, text]) => usted.test(text))).toEqual([]);
    expect(usted.test("Espere a que termine.") && usted.test("Inténtelo de nuevo") && usted.test("en su tienda")).toBe(
      true,
    );
  });

  it("has no empty string", () => {
    expect(Object.entries(es).filter(([, text]) => !text.trim())).toEqual([]);
    expect(Object.entries(en).filter(([, text]) => !text.trim())).toEqual([]);
  });
});

describe("locale", () => {
  it.each([
    ["es", "es"],
    ["es-CO", "es"],
    ["ES_mx", "es"],
    ["en-US", "en"],
    ["pt-BR", "en"],
    ["", "en"],
    [null, "en"],
  ])("reads %s as %s", (tag, locale) => {
    expect(resolveLocale(tag)).toBe(locale);
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(translate("es", "home.checklist.progress", { done: 2, total: 5 })).toBe("2 de 5 pasos completados");
    expect(translate("en", "home.checklist.progress", { done: 2 })).toBe("2 of {total} steps completed");
  });

  it("formats money and dates for the admin's region", () => {
    const colombia = createI18n("es-CO");
    expect(colombia.t("nav.home")).toBe("Inicio");
    expect(colombia.money("139800.00", "COP")).toMatch(/^\$\s139\.800$/);
    expect(colombia.dateTime("2026-11-20T15:30:00.000Z")).toMatch(/^20\/11\/2026,\s3:30\sp\.\sm\.$/);
    const english = createI18n("en");
    expect(english.money(25.5, "USD")).toBe("$25.50");
    expect(english.money(null, "USD")).toBe("—");
    expect(english.dateTime("2026-11-20T15:30:00.000Z")).toMatch(/^Nov 20, 2026,\s3:30\sPM$/);
  });

  it("formats with the language alone when the tag is not one Intl knows", () => {
    const i18n = createI18n("es-!!");
    expect(i18n.locale).toBe("es");
    expect(i18n.formatLocale).toBe("es");
  });
});

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value as Record<string, unknown>).map(([key, inner]) =>
      flatten(inner, prefix ? `${prefix}.${key}` : key),
    ),
  );
}
