import {
  BlockStack,
  Box,
  Button,
  DatePicker,
  InlineGrid,
  InlineStack,
  OptionList,
  Popover,
  Scrollable,
  Select,
  TextField,
  useBreakpoints,
} from "@shopify/polaris";
import { CalendarIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useI18n } from "~/i18n/context";
import {
  checkPeriod,
  formatPeriodDay,
  MAX_PERIOD_DAYS,
  PERIOD_PRESETS,
  presetOf,
  presetPeriod,
  type Period,
  type PeriodChoice,
  type PeriodProblem,
} from "~/lib/outcome-period";

/**
 * Polaris' DatePicker speaks in `Date`s of the browser's calendar: a shop's day travels as that calendar's midnight
 * of the same year, month and day, and comes back by the same fields. No instant is ever made of it, so the
 * browser's zone never moves a day; today and the bounds are the shop's (docs/decisions/342).
 */
const dateOf = (day: string) =>
  new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const pad = (value: number) => String(value).padStart(2, "0");
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The month the calendar opens on: the period's end, and the month before it when two are shown. */
function shownMonth(day: string, twoMonths: boolean) {
  const date = dateOf(day);
  if (twoMonths) date.setMonth(date.getMonth() - 1, 1);
  return { month: date.getMonth(), year: date.getFullYear() };
}

/**
 * The outcomes' period as the admin's analytics pages choose one: a button naming it, a popover with the presets,
 * the two days as text and a calendar of a range (two months wide, one on a phone); nothing moves until Apply.
 */
export function PeriodPicker({
  period,
  today,
  onApply,
}: {
  period: Period;
  today: string;
  onApply: (period: Period) => void;
}) {
  const { t, formatLocale, locale } = useI18n();
  const { mdDown } = useBreakpoints();
  const [active, setActive] = useState(false);
  const [texts, setTexts] = useState<Period>(period);
  const [shown, setShown] = useState(() => shownMonth(period.to, !mdDown));

  const check = checkPeriod(texts, today);
  // The calendar keeps the last days that made a period while a field is being typed in.
  const [drawn, setDrawn] = useState<Period>(period);
  const choice: PeriodChoice = check.ok ? presetOf(check.period, today) : "custom";
  const presetName = (preset: PeriodChoice) => t(`period.preset.${preset}`);
  const problemText = (problem: PeriodProblem, value: string) =>
    t(`period.problem.${problem}`, { value, max: MAX_PERIOD_DAYS });

  const open = () => {
    setTexts(period);
    setDrawn(period);
    setShown(shownMonth(period.to, !mdDown));
    setActive(true);
  };
  const choose = (next: Period) => {
    setTexts(next);
    setDrawn(next);
    setShown(shownMonth(next.to, !mdDown));
  };
  const type = (field: keyof Period, value: string) => {
    const next = { ...texts, [field]: value.trim() };
    setTexts(next);
    const typed = checkPeriod(next, today);
    if (typed.ok) {
      setDrawn(typed.period);
      setShown(shownMonth(typed.period.to, !mdDown));
    }
  };
  const fieldError = (field: keyof Period) =>
    !check.ok && check.field === field && (check.problem !== "notADay" || texts[field].length >= 10)
      ? problemText(check.problem, check.value)
      : undefined;

  const appliedChoice = presetOf(period, today);
  const label =
    appliedChoice === "custom"
      ? t("period.range", {
          from: formatPeriodDay(period.from, formatLocale),
          to: formatPeriodDay(period.to, formatLocale),
        })
      : presetName(appliedChoice);
  const choices = [...PERIOD_PRESETS, "custom" as const].map((value) => ({ value, label: presetName(value) }));
  const pickPreset = (value: string) => {
    if (value !== "custom") choose(presetPeriod(value as (typeof PERIOD_PRESETS)[number], today));
  };

  return (
    <Popover
      active={active}
      autofocusTarget="none"
      preferredAlignment="left"
      preferredPosition="below"
      fluidContent
      sectioned={false}
      fullHeight
      onClose={() => setActive(false)}
      activator={
        <Button
          icon={CalendarIcon}
          disclosure={active ? "up" : "down"}
          onClick={() => (active ? setActive(false) : open())}
          accessibilityLabel={t("period.button", { period: label })}
        >
          {label}
        </Button>
      }
    >
      <Popover.Pane fixed>
        <InlineGrid columns={{ xs: "1fr", md: "max-content max-content" }} gap="0">
          <Box
            padding={{ xs: "400", md: "0" }}
            paddingBlockEnd={{ xs: "0", md: "0" }}
            width={mdDown ? "100%" : "200px"}
          >
            {mdDown ? (
              <Select label={t("period.presets")} options={choices} value={choice} onChange={pickPreset} />
            ) : (
              <Scrollable style={{ height: "334px" }}>
                <OptionList
                  title={t("period.presets")}
                  options={choices}
                  selected={[choice]}
                  onChange={([value]) => pickPreset(value)}
                />
              </Scrollable>
            )}
          </Box>
          <Box padding="400" maxWidth={mdDown ? "360px" : "560px"}>
            <BlockStack gap="400">
              <InlineGrid columns={2} gap="200">
                {(["from", "to"] as const).map((field) => (
                  <TextField
                    key={field}
                    label={t(`period.${field}`)}
                    value={texts[field]}
                    placeholder={t("period.dayFormat")}
                    autoComplete="off"
                    maxLength={10}
                    onChange={(value) => type(field, value)}
                    error={fieldError(field)}
                  />
                ))}
              </InlineGrid>
              <DatePicker
                month={shown.month}
                year={shown.year}
                onMonthChange={(month, year) => setShown({ month, year })}
                selected={{ start: dateOf(drawn.from), end: dateOf(drawn.to) }}
                onChange={({ start, end }) => choose({ from: dayOf(start), to: dayOf(end) })}
                disableDatesAfter={dateOf(today)}
                multiMonth={!mdDown}
                allowRange
                weekStartsOn={locale === "es" ? 1 : 0}
              />
            </BlockStack>
          </Box>
        </InlineGrid>
      </Popover.Pane>
      <Popover.Pane fixed>
        <Box padding="400" borderBlockStartWidth="025" borderColor="border">
          <InlineStack align="end" gap="200">
            <Button onClick={() => setActive(false)}>{t("period.cancel")}</Button>
            <Button
              variant="primary"
              disabled={!check.ok}
              onClick={() => {
                if (!check.ok) return;
                setActive(false);
                onApply(check.period);
              }}
            >
              {t("period.apply")}
            </Button>
          </InlineStack>
        </Box>
      </Popover.Pane>
    </Popover>
  );
}
