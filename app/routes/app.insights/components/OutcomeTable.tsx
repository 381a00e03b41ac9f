import { BlockStack, Box, DataTable, InlineStack, Pagination, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { StackedBelow } from "~/components/StackedBelow";
import { TableCard } from "~/components/TableCard";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n/en";
import {
  isOutcomeAnswerKey,
  type OutcomeDimension,
  type OutcomeFilter,
  type OutcomeMeasure,
  type OutcomeSums,
} from "~/lib/outcomes";
import type { OutcomeRow } from "~/services/outcomes/insights.server";
import { OutcomeLink } from "./OutcomeLink";

export const TABLE_PAGE_SIZE = 10;

/**
 * The columns after the name: counts link to their orders; the share and the money are read from them. Without
 * answer rules no buyer's "sí" is ever recorded, so the buyer-confirmed count is left out rather than shown as 0.
 */
type Column = OutcomeMeasure | "deliveryRate" | "valueDelivered";
const countsOf = (answersRecorded: boolean): OutcomeMeasure[] =>
  answersRecorded ? ["orders", "confirmed", "shipped", "delivered", "returned"] : ["orders", "shipped", "delivered", "returned"];

const EMPTY_NAME: Record<OutcomeDimension, MessageKey> = {
  product: "outcomes.notWritten",
  city: "outcomes.notWritten",
  department: "outcomes.notWritten",
  carrier: "outcomes.noCarrier",
  flow: "outcomes.noFlow",
  answer: "outcomes.answer.none",
};

const rateOf = (sums: OutcomeSums) => (sums.shipped ? sums.delivered / sums.shipped : -1);

/** One dimension of the outcomes as a table the merchant sorts and pages, every count a link to its orders. */
export function OutcomeTable({
  dimension,
  rows,
  period,
  currency,
  flowNames,
  answersRecorded,
}: {
  dimension: OutcomeDimension;
  rows: OutcomeRow[];
  period: { from: string; to: string };
  currency: string | null;
  flowNames: Record<string, string>;
  answersRecorded: boolean;
}) {
  const { t } = useI18n();
  const nameOf = (row: OutcomeRow) => {
    if (!row.key) return t(EMPTY_NAME[dimension]);
    if (dimension === "flow") return flowNames[row.key] ?? row.key;
    // An answer kind this page has no words for yet (another flow's) is shown as it is stored.
    if (dimension === "answer") {
      return isOutcomeAnswerKey(row.key) ? t(`outcomes.answer.${row.key}`) : row.label;
    }
    return row.label;
  };
  return (
    <SortedTable
      title={t(`outcomes.table.${dimension}`)}
      nameHeading={t(`outcomes.column.${dimension}`)}
      rows={rows}
      counts={countsOf(answersRecorded)}
      currency={currency}
      nameOf={nameOf}
      filterOf={(row, measure) => ({ dimension, key: row.key, measure, ...period, label: nameOf(row) })}
    />
  );
}

/** The period's days as a table: each day's counts link to that day's orders. */
export function DaysTable({
  days,
  timeZone,
  currency,
  answersRecorded,
}: {
  days: ({ day: string } & OutcomeSums)[];
  timeZone: string;
  currency: string | null;
  answersRecorded: boolean;
}) {
  const { t, formatLocale } = useI18n();
  // The day's name at its own noon in the shop's zone: the same text on the server and in the browser.
  const format = new Intl.DateTimeFormat(formatLocale, { dateStyle: "medium", timeZone });
  const rows = days.map(({ day, ...sums }) => ({ key: day, label: day, sums }));
  return (
    <SortedTable
      title={t("outcomes.byDay")}
      nameHeading={t("outcomes.day")}
      rows={rows}
      counts={countsOf(answersRecorded)}
      currency={currency}
      nameOf={(row) => format.format(new Date(`${row.key}T12:00:00Z`))}
      sortName={(row) => row.key}
      initialSort={{ column: 0, descending: false }}
      filterOf={(row, measure) => ({ dimension: "all", key: "", measure, from: row.key, to: row.key })}
    />
  );
}

function SortedTable({
  title,
  nameHeading,
  rows,
  counts,
  currency,
  nameOf,
  sortName = nameOf,
  filterOf,
  initialSort = { column: 1, descending: true },
}: {
  title: string;
  nameHeading: string;
  rows: OutcomeRow[];
  counts: OutcomeMeasure[];
  currency: string | null;
  nameOf: (row: OutcomeRow) => string;
  sortName?: (row: OutcomeRow) => string;
  filterOf: (row: OutcomeRow, measure: OutcomeMeasure) => OutcomeFilter;
  initialSort?: { column: number; descending: boolean };
}) {
  const { t, number, money, formatLocale } = useI18n();
  const percent = new Intl.NumberFormat(formatLocale, { style: "percent", maximumFractionDigits: 1 });
  const columns: Column[] = [...counts, "deliveryRate", "valueDelivered"];
  const [sort, setSort] = useState(initialSort);
  const [page, setPage] = useState(1);

  const valueOf = (row: OutcomeRow, column: number): number | string => {
    if (column === 0) return sortName(row);
    const name = columns[column - 1];
    if (name === "deliveryRate") return rateOf(row.sums);
    return row.sums[name];
  };
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a, sort.column), valueOf(b, sort.column)];
    const order =
      typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), formatLocale);
    return sort.descending ? -order : order;
  });
  const pages = Math.max(1, Math.ceil(sorted.length / TABLE_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = sorted.slice((current - 1) * TABLE_PAGE_SIZE, current * TABLE_PAGE_SIZE);
  const heading = (column: Column) =>
    column === "deliveryRate"
      ? t("outcomes.deliveryRate")
      : column === "valueDelivered"
        ? t("outcomes.valueDelivered")
        : t(`outcomes.measure.${column}`);

  return (
    <TableCard heading={title} emptyText={rows.length ? undefined : t("outcomes.empty")}>
      <BlockStack>
        {/* Below 490 px each row is a small card of its own (docs/decisions/147): a table of eight columns would
        scroll its links out of reach. The sort is then a choice above the rows. */}
        <StackedBelow
          breakpoint="sm"
          wide={
            <DataTable
              columnContentTypes={["text", ...columns.map(() => "numeric" as const)]}
              headings={[nameHeading, ...columns.map(heading)]}
              sortable={[true, ...columns.map(() => true)]}
              defaultSortDirection={initialSort.descending ? "descending" : "ascending"}
              initialSortColumnIndex={initialSort.column}
              onSort={(column, direction) => {
                setSort({ column, descending: direction === "descending" });
                setPage(1);
              }}
              fixedFirstColumns={1}
              rows={shown.map((row) => [
                nameOf(row),
                ...counts.map((measure) => (
                  <OutcomeLink
                    key={measure}
                    filter={filterOf(row, measure)}
                    value={number(row.sums[measure])}
                    label={`${heading(measure)}, ${nameOf(row)}`}
                  />
                )),
                row.sums.shipped ? percent.format(row.sums.delivered / row.sums.shipped) : "—",
                money(row.sums.valueDelivered / 100, currency),
              ])}
            />
          }
          stacked={
            <BlockStack gap="0">
              <Box padding="300">
                <Select
                  label={t("outcomes.sortBy")}
                  options={[nameHeading, ...columns.map(heading)].map((label, column) => ({
                    label,
                    value: String(column),
                  }))}
                  value={String(sort.column)}
                  onChange={(value) => {
                    // A name reads A to Z; a figure, the largest first.
                    setSort({ column: Number(value), descending: value !== "0" });
                    setPage(1);
                  }}
                />
              </Box>
              {shown.map((row) => (
                <Box key={row.key} padding="300" borderBlockStartWidth="025" borderColor="border">
                  <BlockStack gap="100">
                    <Text as="h4" variant="headingSm">
                      {nameOf(row)}
                    </Text>
                    <InlineStack gap="300" wrap>
                      {counts.map((measure) => (
                        <Text as="span" key={measure}>
                          {heading(measure)}:{" "}
                          <OutcomeLink
                            filter={filterOf(row, measure)}
                            value={number(row.sums[measure])}
                            label={`${heading(measure)}, ${nameOf(row)}`}
                            inText
                          />
                        </Text>
                      ))}
                      <Text as="span">
                        {heading("deliveryRate")}:{" "}
                        {row.sums.shipped ? percent.format(row.sums.delivered / row.sums.shipped) : "—"}
                      </Text>
                      <Text as="span">
                        {heading("valueDelivered")}: {money(row.sums.valueDelivered / 100, currency)}
                      </Text>
                    </InlineStack>
                  </BlockStack>
                </Box>
              ))}
            </BlockStack>
          }
        />
        {pages > 1 ? (
          <Box padding="300">
            <InlineStack align="center" blockAlign="center" gap="300">
              <Pagination
                hasPrevious={current > 1}
                onPrevious={() => setPage(current - 1)}
                hasNext={current < pages}
                onNext={() => setPage(current + 1)}
                label={t("outcomes.pageOf", { page: number(current), pages: number(pages) })}
              />
            </InlineStack>
          </Box>
        ) : null}
      </BlockStack>
    </TableCard>
  );
}
