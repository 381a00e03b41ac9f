import { describe, expect, it } from "vitest";
import { en } from "../../app/i18n/en";
import { es } from "../../app/i18n/es";
import { KNOWN_REASONS } from "../../extensions/order-automation-block/src/risk-reasons";
import blockEn from "../../extensions/order-automation-block/locales/en.default.json";
import blockEs from "../../extensions/order-automation-block/locales/es.json";

/** The reason codes the app words, "risk.reason.<code>" or its plural forms, "other" aside. */
function appReasonCodes(messages: Record<string, string>) {
  const codes = Object.keys(messages)
    .filter((key) => key.startsWith("risk.reason."))
    .map((key) => key.slice("risk.reason.".length).replace(/\.(one|other)$/, ""));
  return [...new Set(codes)].filter((code) => code !== "other").sort();
}

describe("the order block's words for the risk score's reasons", () => {
  it("know every code the app words, and only those", () => {
    expect([...KNOWN_REASONS].sort()).toEqual(appReasonCodes(en));
    expect(appReasonCodes(es)).toEqual(appReasonCodes(en));
  });

  it("word each in both languages, with the same plural forms as the app", () => {
    for (const [block, app] of [
      [blockEn, en],
      [blockEs, es],
    ] as const) {
      const reasons = block.risk.reason as Record<string, string | Record<string, string>>;
      for (const code of KNOWN_REASONS) {
        const words = reasons[code];
        if (typeof words === "object") {
          expect(words.other).toBe(
            app[`risk.reason.${code}.other` as keyof typeof app].replace(/\{(\w+)\}/g, "{{$1}}"),
          );
        } else {
          expect(words).toBe(app[`risk.reason.${code}` as keyof typeof app].replace(/\{(\w+)\}/g, "{{$1}}"));
        }
      }
    }
  });
});
