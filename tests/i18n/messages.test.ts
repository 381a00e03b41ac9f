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
