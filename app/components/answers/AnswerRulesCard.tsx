import { Badge, BlockStack, Box, Button, Card, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { FormFeedback } from "~/components/FormFeedback";
import { useErrorMessage } from "~/components/ApiErrorBanner";
import { showToast } from "~/components/toast";
import type { SectionState } from "~/components/UnsavedChanges";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import {
  ANSWER_PRESET_NAMES,
  ANSWER_PRESETS,
  ANSWERS,
  MAX_ANSWER_RULES,
  answerOf,
  type Answer,
  type AnswerPreset,
  type AnswerRule,
  type RecentCallback,
} from "~/lib/answer-rules";

/** A rule as the form edits it: both texts always present (empty: not matched on). */
interface RuleRow {
  answer: Answer;
  status: string;
  tag: string;
}

const toRows = (rules: AnswerRule[]): RuleRow[] =>
  rules.map((rule) => ({ answer: rule.answer, status: rule.status ?? "", tag: rule.tag ?? "" }));

/** The rows as rules: blank texts left out, rows with neither text dropped (they match nothing). */
function toRules(rows: RuleRow[]): AnswerRule[] {
  return rows
    .map((row) => ({
      answer: row.answer,
      ...(row.status.trim() ? { status: row.status.trim().toLowerCase() } : {}),
      ...(row.tag.trim() ? { tag: row.tag.trim().toLowerCase() } : {}),
    }))
    .filter((rule) => rule.status || rule.tag);
}

export const ANSWER_TONES: Record<Answer, "success" | "critical" | "attention"> = {
  confirmed: "success",
  refused: "critical",
  no_answer: "attention",
};

/**
 * Which callback means which answer of the buyer (docs/decisions/210): presets for the common shapes, the rules
 * themselves, and what the rules would make of the shop's latest callbacks, before saving.
 */
export function AnswerRulesCard({
  rules,
  recentCallbacks,
  report,
}: {
  rules: AnswerRule[];
  recentCallbacks: RecentCallback[];
  report: (name: string, state: SectionState) => void;
}) {
  const { t, tp } = useI18n();
  const message = useErrorMessage();
  const [rows, setRows] = useState<RuleRow[]>(() => toRows(rules));
  const [preset, setPreset] = useState<AnswerPreset | "">("");
  // The settings page's own action (docs/decisions/137), as its other forms.
  const write = useWrite<{ success: true; rules: AnswerRule[] }>(undefined, (result) => {
    setRows(toRows(result.rules));
    showToast(t("answers.saved"));
  });
  const edited = toRules(rows);
  const dirty = JSON.stringify(edited) !== JSON.stringify(rules);
  const save = () => write.submit("answers-save", { rules: JSON.stringify(edited) });
  useEffect(() => report("answers", { dirty, busy: write.busy, save, discard: () => setRows(toRows(rules)) }));

  const update = (index: number, patch: Partial<RuleRow>) =>
    setRows((before) => before.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const answerOptions = ANSWERS.map((answer) => ({ label: t(`answers.answer.${answer}`), value: answer }));

  return (
    <Card>
      <BlockStack gap="400">
        <FormFeedback
          failure={write.failure ? message(write.failure) : undefined}
          onDismissFailure={write.clear}
        />
        <InlineStack gap="200" blockAlign="end" wrap>
          <Box minWidth="220px">
            <Select
              label={t("answers.preset")}
              options={[
                { label: t("answers.preset.choose"), value: "" },
                ...ANSWER_PRESET_NAMES.map((name) => ({ label: t(`answers.preset.${name}`), value: name })),
              ]}
              value={preset}
              onChange={(value) => setPreset(value as AnswerPreset | "")}
            />
          </Box>
          <Button disabled={!preset} onClick={() => preset && setRows(toRows(ANSWER_PRESETS[preset]))}>
            {t("answers.preset.use")}
          </Button>
        </InlineStack>
        {rows.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("answers.none")}
          </Text>
        ) : (
          <BlockStack gap="300">
            {rows.map((row, index) => (
              <InlineStack key={index} gap="200" blockAlign="end" wrap>
                <Box minWidth="150px">
                  <Select
                    label={t("answers.rule.answer")}
                    options={answerOptions}
                    value={row.answer}
                    onChange={(value) => update(index, { answer: value as Answer })}
                  />
                </Box>
                <Box minWidth="130px">
                  <TextField
                    label={t("answers.rule.status")}
                    value={row.status}
                    onChange={(value) => update(index, { status: value })}
                    autoComplete="off"
                    maxLength={40}
                  />
                </Box>
                <Box minWidth="130px">
                  <TextField
                    label={t("answers.rule.tag")}
                    value={row.tag}
                    onChange={(value) => update(index, { tag: value })}
                    autoComplete="off"
                    maxLength={40}
                  />
                </Box>
                <Button
                  variant="plain"
                  tone="critical"
                  onClick={() => setRows((before) => before.filter((_, at) => at !== index))}
                  accessibilityLabel={t("answers.rule.removeNumber", { number: index + 1 })}
                >
                  {t("common.delete")}
                </Button>
              </InlineStack>
            ))}
          </BlockStack>
        )}
        <Text as="p" tone="subdued">
          {t("answers.rule.help")}
        </Text>
        <InlineStack align="space-between" gap="200">
          <Button
            disabled={rows.length >= MAX_ANSWER_RULES}
            onClick={() => setRows((before) => [...before, { answer: "confirmed", status: "", tag: "" }])}
          >
            {t("answers.rule.add")}
          </Button>
          <Button variant="primary" onClick={save} loading={write.busy} disabled={!dirty}>
            {t("answers.save")}
          </Button>
        </InlineStack>
        <AnswerPreview rules={edited} callbacks={recentCallbacks} tp={tp} />
      </BlockStack>
    </Card>
  );
}

/** What the rules being edited make of the latest callbacks: the merchant sees a mistake before saving it. */
function AnswerPreview({
  rules,
  callbacks,
  tp,
}: {
  rules: AnswerRule[];
  callbacks: RecentCallback[];
  tp: ReturnType<typeof useI18n>["tp"];
}) {
  const { t } = useI18n();
  if (!callbacks.length) {
    return (
      <Text as="p" tone="subdued">
        {t("answers.preview.empty")}
      </Text>
    );
  }
  const read = callbacks.map((callback) => ({ callback, answer: answerOf(rules, callback) }));
  const matched = read.filter((entry) => entry.answer).length;
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {t("answers.preview.title")}
      </Text>
      <Text as="p" tone="subdued">
        {tp("answers.preview.summary", callbacks.length, { matched })}
      </Text>
      <BlockStack gap="100" as="ul">
        {read.map(({ callback, answer }, index) => (
          <Box as="li" key={index}>
            <InlineStack gap="200" blockAlign="center" wrap>
              <Text as="span" fontWeight="semibold">
                {callback.orderName ?? "—"}
              </Text>
              <Text as="span" tone="subdued" breakWord>
                {[
                  callback.status ? t("answers.preview.status", { status: callback.status }) : null,
                  callback.tags.length ? t("answers.preview.tags", { tags: callback.tags.join(", ") }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
              {answer ? (
                <Badge tone={ANSWER_TONES[answer]}>{t(`answers.answer.${answer}`)}</Badge>
              ) : (
                <Badge>{t("answers.preview.noMatch")}</Badge>
              )}
            </InlineStack>
          </Box>
        ))}
      </BlockStack>
    </BlockStack>
  );
}
