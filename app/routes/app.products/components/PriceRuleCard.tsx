import { BlockStack, Button, Checkbox, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import type { Rounding } from "~/services/stock/price-rule";
import type { PriceRuleSettings } from "~/services/stock/price-settings.server";
import type { PricePreviewRow } from "~/services/stock/sync-plan";
import { TitledCard } from "~/components/TitledCard";

type RuleAnswer = { success: true; priceRule: PriceRuleSettings; preview: PricePreviewRow[] };

/** The choices in the order the select lists them: the default first. */
const ROUNDINGS = ["nearest_100", "ends_900", "none"] as const satisfies readonly Rounding[];
/** Rows shown at once: the count says how many more the rule changes. */
const PREVIEW_ROWS = 50;

/**
 * The optional price rule (docs/decisions/234): its fields, and on saving a rule that is on, the preview of every
 * mapped variant's new price. Syncs apply the rule only once the merchant confirms that preview.
 */
export function PriceRuleCard({ rule }: { rule: PriceRuleSettings }) {
  const { t, tp, locale, money, dateTime } = useI18n();
  const message = useErrorMessage();
  const [form, setForm] = useState(() => ({
    on: rule.on,
    margin: rule.margin.replace(".", locale === "es" ? "," : "."),
    fixedAmount: String(rule.fixedAmount),
    rounding: rule.rounding,
    setCompareAt: rule.setCompareAt,
  }));
  const [preview, setPreview] = useState<{ rows: PricePreviewRow[]; fingerprint: string } | null>(null);
  const save = useWrite<RuleAnswer>(undefined, (answer) => {
    setPreview(answer.priceRule.on ? { rows: answer.preview, fingerprint: answer.priceRule.fingerprint } : null);
    if (!answer.priceRule.on) showToast(t("price.saved"));
  });
  const confirm = useWrite<{ success: true }>(undefined, () => {
    setPreview(null);
    showToast(t("price.confirmed"));
  });
  const set = (patch: Partial<typeof form>) => {
    setForm((before) => ({ ...before, ...patch }));
    // A preview shows one rule: once the fields move, it must be asked for again.
    setPreview(null);
  };
  const field = save.failure?.field;
  const fieldError = (name: string) => (save.failure && field === name ? message(save.failure) : undefined);
  const changing = preview ? preview.rows.filter((row) => row.changes).length : 0;

  return (
    <TitledCard title={t("price.title")} help={t("price.help")}>
      {/* A field's refusal shows on the field; with the rule off its fields are hidden, so it shows here. */}
      <ApiErrorBanner message={(save.failure && (!field || !form.on) ? save.message : undefined) ?? confirm.message} />
      <Checkbox label={t("price.on")} checked={form.on} onChange={(on) => set({ on })} />
      {form.on && (
        <BlockStack gap="200">
          <TextField
            label={t("price.margin")}
            helpText={t("price.marginHelp")}
            inputMode="decimal"
            autoComplete="off"
            value={form.margin}
            onChange={(margin) => set({ margin })}
            error={fieldError("margin")}
          />
          <TextField
            label={t("price.fixedAmount")}
            inputMode="numeric"
            autoComplete="off"
            value={form.fixedAmount}
            onChange={(fixedAmount) => set({ fixedAmount })}
            error={fieldError("fixedAmount")}
          />
          <Select
            label={t("price.rounding")}
            options={ROUNDINGS.map((value) => ({ value, label: t(`price.rounding.${value}` as MessageKey) }))}
            value={form.rounding}
            onChange={(rounding) => set({ rounding })}
            error={fieldError("rounding")}
          />
          <Checkbox
            label={t("price.setCompareAt")}
            helpText={t("price.setCompareAtHelp")}
            checked={form.setCompareAt}
            onChange={(setCompareAt) => set({ setCompareAt })}
          />
        </BlockStack>
      )}
      <InlineStack>
        <Button
          onClick={() =>
            save.submit("price-rule", {
              priceRuleOn: form.on,
              margin: form.margin,
              fixedAmount: form.fixedAmount,
              rounding: form.rounding,
              setCompareAt: form.setCompareAt,
            })
          }
          loading={save.busy}
        >
          {form.on ? t("price.previewButton") : t("price.save")}
        </Button>
      </InlineStack>
      {preview && (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t("price.previewTitle")}
          </Text>
          {preview.rows.length === 0 ? (
            <Text as="p">{t("price.previewEmpty")}</Text>
          ) : (
            <>
              <Text as="p" fontWeight="semibold">
                {tp("price.previewChanges", changing)}
              </Text>
              <ul aria-label={t("price.previewTitle")} style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
                {preview.rows.slice(0, PREVIEW_ROWS).map((row) => (
                  <li key={`${row.associationId}:${row.variantId}`}>
                    <Text as="span" fontWeight="semibold">
                      {row.productName} · {row.variantTitle}
                    </Text>{" "}
                    <Text as="span" tone={row.changes ? undefined : "subdued"}>
                      {row.changes
                        ? t("price.previewRow", {
                            supplier: money(row.supplierPrice),
                            current: money(row.currentPrice),
                            next: money(row.newPrice),
                          })
                        : t("price.previewSame", {
                            supplier: money(row.supplierPrice),
                            current: money(row.currentPrice),
                          })}
                    </Text>
                  </li>
                ))}
              </ul>
              {preview.rows.length > PREVIEW_ROWS && (
                <Text as="p" tone="subdued">
                  {tp("price.previewMore", preview.rows.length - PREVIEW_ROWS)}
                </Text>
              )}
            </>
          )}
          <InlineStack>
            <Button
              variant="primary"
              onClick={() => confirm.submit("price-confirm", { fingerprint: preview.fingerprint })}
              loading={confirm.busy}
            >
              {t("price.confirm")}
            </Button>
          </InlineStack>
        </BlockStack>
      )}
      <Text as="p" tone={rule.on && !rule.confirmedAt ? "caution" : "subdued"}>
        {!rule.on
          ? t("price.offStatus")
          : rule.confirmedAt
            ? t("price.activeStatus", { date: dateTime(rule.confirmedAt) })
            : t("price.pendingStatus")}
      </Text>
    </TitledCard>
  );
}
