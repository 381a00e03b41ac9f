import { createI18n } from "../../i18n/context";
import type { MessageKey } from "../../i18n";
import { AppError } from "../../lib/http.server";
import { MAX_PERIOD_DAYS, type PeriodProblem } from "../../lib/outcome-period";
import { isOutcomeAnswerKey, OUTCOME_DIMENSIONS, type OutcomeDimension, type OutcomeSums } from "../../lib/outcomes";
import { flowDirectory } from "../automation/flow-directory.server";
import { csvCell, csvSeparator, UTF8_BOM } from "../deliveries/export.server";
import { outcomeInsights } from "./insights.server";

/**
 * The outcomes page's figures as the merchant's spreadsheet: the same period, days of the shop's time zone, one
 * line per day and per row of each table, with the same sums (money as decimals in the language's mark).
 */

const SUMS: (keyof OutcomeSums)[] = [
  "orders",
  "confirmed",
  "shipped",
  "onTheWay",
  "delivered",
  "returned",
  "incident",
  "valueDelivered",
  "valueReturned",
];
const HEADERS: Record<keyof OutcomeSums, MessageKey> = {
  orders: "outcomes.measure.orders",
  confirmed: "outcomes.measure.confirmed",
  shipped: "outcomes.measure.shipped",
  onTheWay: "outcomes.measure.onTheWay",
  delivered: "outcomes.measure.delivered",
  returned: "outcomes.measure.returned",
  incident: "outcomes.measure.incident",
  valueDelivered: "outcomes.valueDelivered",
  valueReturned: "outcomes.valueReturned",
};

const REFUSED: Record<PeriodProblem, string> = {
  notADay: "must be a day as YYYY-MM-DD",
  half: "from and to go together",
  future: "must not be after the shop's today",
  reversed: "must not be after to",
  tooLong: `the period must be at most ${MAX_PERIOD_DAYS} days`,
};

/** The file of the page's period; a period the page would refuse is refused here too (docs/decisions/342). */
export async function exportOutcomes(
  shop: string,
  asked: { days?: number; from?: string | null; to?: string | null },
  localeTag: string | null | undefined,
  now = new Date(),
) {
  const outcomes = await outcomeInsights(shop, asked, now);
  if (outcomes.refusal) {
    const { field, problem } = outcomes.refusal;
    throw AppError.forField(field, REFUSED[problem], { code: "period_invalid", extra: { problem } });
  }
  const i18n = createI18n(localeTag, outcomes.timeZone);
  const separator = csvSeparator(i18n);
  const { names: flowNames } = await flowDirectory(shop);
  const decimal = (cents: number) => {
    const text = (cents / 100).toFixed(2);
    return i18n.locale === "es" ? text.replace(".", ",") : text;
  };
  // Named as the page names them: a flow by its name, an answer in words (as stored when it has none).
  const nameOf = (dimension: OutcomeDimension, row: { key: string; label: string }) => {
    if (dimension === "flow") return flowNames[row.key] ?? row.key;
    if (dimension === "answer" && isOutcomeAnswerKey(row.key)) return i18n.t(`outcomes.answer.${row.key}`);
    return row.label;
  };
  const line = (cells: (string | number)[]) => cells.map((cell) => csvCell(cell, separator)).join(separator);
  const sums = (row: OutcomeSums) =>
    SUMS.map((field) => (field.startsWith("value") ? decimal(row[field]) : row[field]));
  const lines = [
    line([i18n.t("outcomes.csv.section"), i18n.t("outcomes.csv.name"), ...SUMS.map((field) => i18n.t(HEADERS[field]))]),
    ...outcomes.days.map(({ day, ...row }) => line([i18n.t("outcomes.byDay"), day, ...sums(row)])),
    ...OUTCOME_DIMENSIONS.flatMap((dimension) =>
      outcomes.tables[dimension].map((row) =>
        line([i18n.t(`outcomes.table.${dimension}`), nameOf(dimension, row), ...sums(row.sums)]),
      ),
    ),
    ...outcomes.freight.carriers.map((row) =>
      line([i18n.t("outcomes.freightCost"), row.carrier, ...SUMS.map(() => ""), decimal(row.costCents)]),
    ),
  ];
  return {
    fileName: `${i18n.t("outcomes.fileName")}-${outcomes.from}-${outcomes.to}.csv`,
    text: `${UTF8_BOM}${lines.join("\r\n")}\r\n`,
  };
}
