import { describe, expect, it } from "vitest";
import { incidentAnswerLines, spokenDay } from "../../extensions/order-automation-block/src/incident-answers";
import blockEn from "../../extensions/order-automation-block/locales/en.default.json";
import blockEs from "../../extensions/order-automation-block/locales/es.json";

/** The stand-in's translate over a locale file: nested keys, {{name}} values. */
function translator(messages: unknown) {
  return (key: string, values: Record<string, string> = {}) => {
    let node = messages;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== "string") return key;
    return node.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? values[name] : whole));
  };
}

// The admin's formatDate, as the block calls it: the day at noon UTC, the answer's time in the shop's zone.
const format = (locale: string) => ({
  day: (day: string) =>
    spokenDay(
      new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }).format(
        new Date(`${day}T12:00:00Z`),
      ),
    ),
  time: (iso: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: "America/Bogota", dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    ),
});

const answers = {
  timeZone: "America/Bogota",
  answers: [
    { answer: "new_date", newDate: "2026-12-02", newAddress: null, answeredAt: "2026-11-29T02:30:00Z" },
    { answer: "office_pickup", newDate: null, newAddress: null, answeredAt: "2026-11-27T15:00:00Z" },
    { answer: "something_else", newDate: null, newAddress: null, answeredAt: "2026-11-27T15:00:00Z" },
  ],
};

describe("the order block's incident answers", () => {
  it("words the buyer's answer in Spanish with the day asked for and the shop's time", () => {
    const t = translator(blockEs);
    const lines = incidentAnswerLines(answers, format("es"));
    expect(lines.map((line) => t(line.key, line.values))).toEqual([
      "Pidió nueva fecha: miércoles 2 de diciembre",
      "Lo recoge en la oficina",
    ]);
    // Answered at 02:30 UTC on the 29th: still the 28th in Bogotá.
    expect(t("incident.at", { time: lines[0].time })).toMatch(/^Respondió 28 nov 2026/);
  });

  it("words it in English", () => {
    const t = translator(blockEn);
    const lines = incidentAnswerLines(answers, format("en"));
    expect(lines.map((line) => t(line.key, line.values))).toEqual([
      "Asked for a new date: Wednesday, December 2",
      "Will pick it up at the office",
    ]);
  });
});
