import type { Delivery, OrderAnswer } from "@prisma/client";
import prisma from "../../db.server";
import { createI18n, type I18n } from "../../i18n/context";
import type { MessageKey } from "../../i18n";
import { deliveryErrorText, flowResultLabel, labelled, topicLabel } from "../../lib/deliveries";
import { storedDeliveryError } from "../../lib/delivery-errors";
import { describeTimeZone, formatSheetDateTime, localDayOf } from "../../lib/time-zone";
import { shopTimeZone } from "../shops/time-zone.server";
import { readBuyerSummary, type BuyerSummary } from "../../lib/buyer-summary";
import { orderAnswersOf } from "../answers/record.server";
import type { AppAction } from "../../lib/app-action";
import { orderHoldStates } from "../holds/hold-state.server";
import { flowDirectory } from "../automation/flow-directory.server";
import { logWhere, type LogSearch } from "./journey-filter.server";
import { parcelsOfOrders } from "../journey/log.server";
import type { ParcelSummary } from "../../lib/journey-log";
import type { RiskSummary } from "../../lib/risk-log";
import { reasonsByWeight, riskLevelText, riskReasonText } from "../../lib/risk-words";
import { risksOfOrders } from "../risk/log.server";

/**
 * The delivery log as the merchant's spreadsheet opens it (docs/decisions/203): UTF-8 with a BOM, the separator of
 * the merchant's language (";" where the decimal mark is a comma, as in Spanish-speaking regional settings; ","
 * in English), headers and values in the merchant's words, times in the shop's zone, the buyer first, and every
 * cell a spreadsheet could run as a formula made inert.
 */

export const CSV_MAX_ROWS = 50_000;
const PAGE_ROWS = 1000;
export const UTF8_BOM = "\uFEFF";

/** A cell that is a plain phone (sheetPhone): written with its leading tab, quoted. */
interface PhoneCell {
  phone: string;
}

type Cell = string | number | null | undefined | PhoneCell;

type RecordedAnswer = Pick<OrderAnswer, "answer" | "answeredAt">;

/** What a row's cells read beside the delivery: its buyer, the buyer's answer, what the app did, the flows' names. */
interface RowFacts {
  buyer: BuyerSummary | null;
  answer: RecordedAnswer | null;
  appAction: AppAction | null;
  flowNames: Record<string, string>;
  /** The order's supplier orders (usually one; a split shipment gives more, joined with " / "). */
  parcels: ParcelSummary[];
  risk: RiskSummary | null;
}

interface Column {
  header: MessageKey;
  value: (row: Delivery, i18n: I18n, facts: RowFacts) => Cell;
}

const COLUMNS: Column[] = [
  { header: "export.column.createdAt", value: (row, i18n) => formatSheetDateTime(row.createdAt, i18n.timeZone) },
  { header: "export.column.order", value: (row) => row.orderName },
  { header: "export.column.customer", value: (_row, _i18n, { buyer }) => buyer?.name ?? null },
  { header: "export.column.phone", value: (_row, _i18n, { buyer }) => (buyer?.phone ? sheetPhone(buyer.phone) : null) },
  { header: "export.column.total", value: (_row, i18n, { buyer }) => sheetDecimal(buyer?.total ?? null, i18n) },
  { header: "export.column.currency", value: (_row, _i18n, { buyer }) => buyer?.currency ?? null },
  { header: "export.column.city", value: (_row, _i18n, { buyer }) => buyer?.city ?? null },
  {
    header: "export.column.products",
    value: (_row, _i18n, { buyer }) =>
      buyer?.products.map((product) => `${product.quantity} × ${product.title}`).join(", ") || null,
  },
  { header: "export.column.event", value: (row, i18n) => topicLabel(i18n.t, row.topic) },
  { header: "export.column.status", value: (row, i18n) => labelled(i18n.t, "deliveries.status", row.status) },
  { header: "export.column.attempts", value: (row) => row.attempts },
  // The flow by the name the merchant gave it; its id only when the account no longer lists it.
  {
    header: "export.column.flow",
    value: (row, _i18n, { flowNames }) => (row.flowId ? (flowNames[row.flowId] ?? row.flowId) : null),
  },
  { header: "export.column.sentAt", value: (row, i18n) => formatSheetDateTime(row.deliveredAt, i18n.timeZone) },
  {
    header: "export.column.flowAnswer",
    value: (row, i18n) => (row.callbackStatus ? flowResultLabel(i18n.t, row.callbackStatus) : ""),
  },
  // The buyer's answer the shop's rules read from the flow's callback, or "no answer" when the wait ran out; empty
  // while the order has none.
  {
    header: "export.column.buyerAnswer",
    value: (_row, i18n, { answer }) => (answer ? labelled(i18n.t, "answers.answer", answer.answer) : ""),
  },
  {
    header: "export.column.answeredAt",
    value: (_row, i18n, { answer }) => formatSheetDateTime(answer?.answeredAt, i18n.timeZone),
  },
  // What the app did to the order's shipping (held, released, cancelled), in the same words as the log.
  {
    header: "export.column.appAction",
    value: (_row, i18n, { appAction }) => (appAction ? labelled(i18n.t, "deliveries.appAction", appAction.state) : ""),
  },
  // Where the parcel is, from the supplier marketplace (docs/decisions/303): the log's words, guide, carrier, since.
  { header: "export.column.parcel", value: (_row, i18n, { parcels }) => joined(parcels, (p) => parcelWord(i18n, p)) },
  // A tracking number is digits a spreadsheet would read as a number (2,40012E+11, leading zeros lost): kept as text
  // the way a phone is.
  {
    header: "export.column.guide",
    value: (_row, _i18n, { parcels }) =>
      parcels.length === 1 && parcels[0].guide ? sheetPhone(parcels[0].guide) : joined(parcels, (p) => p.guide),
  },
  { header: "export.column.carrier", value: (_row, _i18n, { parcels }) => joined(parcels, (p) => p.carrier) },
  {
    header: "export.column.parcelSince",
    value: (_row, i18n, { parcels }) =>
      joined(parcels, (p) => {
        const since = p.group === "incident" ? (p.incidentSince ?? p.stageSince) : p.stageSince;
        return formatSheetDateTime(since ? new Date(since) : null, i18n.timeZone);
      }),
  },
  // The return-risk score from the shop's history (docs/decisions/334): score, level, and its reasons, heaviest first.
  { header: "export.column.riskScore", value: (_row, _i18n, { risk }) => risk?.score ?? null },
  {
    header: "export.column.riskLevel",
    value: (_row, i18n, { risk }) => (risk ? riskLevelText(i18n.locale, risk.level) : null),
  },
  {
    header: "export.column.riskReasons",
    value: (_row, i18n, { risk }) =>
      risk
        ? reasonsByWeight(risk.reasons)
            .map((reason) => riskReasonText(i18n.locale, reason))
            .join("; ") || null
        : null,
  },
  { header: "export.column.tags", value: (row) => (JSON.parse(row.tagsApplied) as string[]).join(" ") },
  {
    header: "export.column.lastError",
    value: (row, i18n) =>
      deliveryErrorText(i18n, {
        code: storedDeliveryError(row.lastErrorCode, row.lastErrorParams)?.code,
        params: storedDeliveryError(row.lastErrorCode, row.lastErrorParams)?.params,
        text: row.lastError,
      })?.message,
  },
  { header: "export.column.test", value: (row, i18n) => (row.test ? i18n.t("export.yes") : "") },
  { header: "export.column.id", value: (row) => row.id },
];

function joined(parcels: ParcelSummary[], cell: (parcel: ParcelSummary) => string | null | undefined) {
  return parcels.map((parcel) => cell(parcel) ?? "").join(" / ") || null;
}

/** The log's word for a parcel: its group's, else its stage's, else the status as the marketplace spelled it. */
function parcelWord(i18n: I18n, parcel: ParcelSummary) {
  if (parcel.group) return i18n.t(`journey.filter.${parcel.group}`);
  if (parcel.stage === "unknown") return parcel.rawStatus ?? i18n.t("journey.unknownStatus");
  return labelled(i18n.t, "journey.stage", parcel.stage);
}

/** ";" for Spanish (its regional settings use "," as the decimal mark and ";" between list items), "," for English. */
export function csvSeparator(i18n: Pick<I18n, "locale">) {
  return i18n.locale === "es" ? ";" : ",";
}

// A money amount as the merchant's spreadsheet reads a number: no grouping, the language's decimal mark.
function sheetDecimal(amount: string | null, i18n: I18n) {
  if (!amount || !/^-?\d+(\.\d+)?$/.test(amount)) return amount;
  return i18n.locale === "es" ? amount.replace(".", ",") : amount;
}

// Characters a spreadsheet reads as the start of a formula, the full-width forms included (some read those too).
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
// A cell starting with a tab or a carriage return is read as a formula by some spreadsheets, whatever follows.
const CONTROL_START = /^[\t\r]/;

// A phone as typed: digits, spaces, dots, dashes, parentheses and one leading "+". Such a text cannot call anything,
// but a spreadsheet reads its "+" as a formula (or the digits as a number): see sheetPhone.
const PHONE_TEXT = /^\+?[\d\s().-]{4,40}$/;

/**
 * A phone as a spreadsheet keeps it: a leading tab makes it text (so "+57 300 111 2233" is neither a formula nor
 * 5,73E+11), and the tab does not show (an apostrophe would, docs/decisions/300). Anything else that is not a plain
 * phone goes through csvCell's neutralising like any other text.
 */
export function sheetPhone(phone: string): string | PhoneCell {
  return PHONE_TEXT.test(phone) ? { phone } : phone;
}

/**
 * One CSV cell: a text a spreadsheet could run as a formula (= + - @ or their full-width forms, after any leading
 * spaces, tabs or line breaks; or a leading tab or carriage return) gets a leading apostrophe, and a cell with the
 * separator, a quote or a line break is quoted. Numbers are written as they are.
 */
export function csvCell(value: Cell, separator = ",") {
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object") return `"\t${value.phone}"`;
  let text = value === null || value === undefined ? "" : value;
  if (FORMULA_START.test(text) || CONTROL_START.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The export's file name: "entregas-2026-11-26.csv", the day in the shop's zone. */
export function exportFileName(i18n: I18n, now = new Date()) {
  return `${i18n.t("export.fileName")}-${localDayOf(now, i18n.timeZone)}.csv`;
}

export interface DeliveryExport {
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

/** The filtered log as the merchant's spreadsheet, newest first, read and written a page at a time. */
export async function exportDeliveries(
  shop: string,
  search: LogSearch,
  localeTag: string | null | undefined,
  now = new Date(),
): Promise<DeliveryExport> {
  const i18n = createI18n(localeTag, await shopTimeZone(shop, now));
  const separator = csvSeparator(i18n);
  const where = await logWhere(shop, search, now);
  const { names: flowNames } = await flowDirectory(shop);
  const encoder = new TextEncoder();
  const zone = describeTimeZone(i18n.timeZone, now);
  let cursor: { createdAt: Date; id: string } | null = null;
  let sent = 0;
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        const headers = COLUMNS.map((column) => csvCell(i18n.t(column.header, { zone }), separator));
        controller.enqueue(encoder.encode(`${UTF8_BOM}${headers.join(separator)}\r\n`));
        return;
      }
      const page = await prisma.delivery.findMany({
        where: cursor
          ? {
              AND: [
                where,
                {
                  OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
                },
              ],
            }
          : where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: Math.min(PAGE_ROWS, CSV_MAX_ROWS - sent),
      });
      if (!page.length) return controller.close();
      const orderIds = page.flatMap((row) => (row.orderId ? [row.orderId] : []));
      const [answers, actions, parcels, risks] = await Promise.all([
        orderAnswersOf(shop, orderIds),
        orderHoldStates(shop, orderIds),
        parcelsOfOrders(shop, orderIds),
        risksOfOrders(shop, orderIds),
      ]);
      const lines = page.map((row) => {
        const facts: RowFacts = {
          buyer: readBuyerSummary(row.buyer),
          answer: (row.orderId && answers.get(row.orderId)) || null,
          appAction: (row.topic === "orders/create" && row.orderId && actions.get(row.orderId)) || null,
          flowNames,
          parcels: (row.topic === "orders/create" && row.orderId && parcels.get(row.orderId)) || [],
          risk: (row.topic === "orders/create" && row.orderId && risks.get(row.orderId)) || null,
        };
        return COLUMNS.map((column) => csvCell(column.value(row, i18n, facts), separator)).join(separator);
      });
      controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
      sent += page.length;
      const last = page[page.length - 1];
      cursor = { createdAt: last.createdAt, id: last.id };
      if (sent >= CSV_MAX_ROWS) controller.close();
    },
  });
  return { fileName: exportFileName(i18n, now), body };
}

/** The export as a download: never cached (it holds buyers' data). */
export function exportResponse({ fileName, body }: DeliveryExport) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
