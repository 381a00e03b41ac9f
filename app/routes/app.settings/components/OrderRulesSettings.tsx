import { BlockStack, Button, Card, Checkbox, FormLayout, InlineStack, Select, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { FormFeedback } from "~/components/FormFeedback";
import { useErrorMessage } from "~/components/ApiErrorBanner";
import type { SectionState } from "~/components/UnsavedChanges";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import { SUPPLIER_COUNTRY_CODES } from "~/lib/countries";
import {
  DUPLICATE_ACTIONS,
  NO_PHONE_ACTIONS,
  type DuplicateAction,
  type NoPhoneAction,
  type OrderRules,
} from "~/lib/order-rules";
import { RulesPreview } from "./RulesPreview";

/** What to do with an order without a usable mobile, and the store's country for numbers typed without a code. */
export function OrderRulesSettings({
  rules,
  report,
}: {
  rules: OrderRules;
  report: (name: string, state: SectionState) => void;
}) {
  const { t } = useI18n();
  const message = useErrorMessage();
  // The fields as stored: what the form starts from, is compared with for "unsaved", and goes back to on discard.
  const saved = {
    noPhoneAction: rules.noPhoneAction,
    phoneCountry: rules.phoneCountry ?? "",
    duplicateWindow: rules.duplicateWindowMinutes ? String(rules.duplicateWindowMinutes) : "",
    duplicateAction: rules.duplicateAction,
    hoursOn: rules.sendingHours.on,
    hoursFrom: rules.sendingHours.from,
    hoursTo: rules.sendingHours.to,
  };
  const [form, setForm] = useState(saved);
  const set = (patch: Partial<typeof form>) => setForm((before) => ({ ...before, ...patch }));
  const write = useWrite<{ success: true }>("/app/order-rules", () => showToast(t("settings.orderRules.saved")));
  const dirty = (Object.keys(saved) as (keyof typeof saved)[]).some((name) => form[name] !== saved[name]);
  const hoursError = write.failure?.error?.startsWith("sendingHours") ? message(write.failure) : undefined;

  const fields = () => ({
    noPhoneAction: form.noPhoneAction,
    phoneCountry: form.phoneCountry,
    duplicateWindowMinutes: form.duplicateWindow.trim(),
    duplicateAction: form.duplicateAction,
    ...(form.hoursOn ? { sendingHoursOn: "on" } : {}),
    sendingHoursFrom: form.hoursFrom,
    sendingHoursTo: form.hoursTo,
  });

  function save() {
    write.submit("order-rules-save", fields());
  }

  useEffect(() => report("order-rules", { dirty, busy: write.busy, save, discard: () => setForm(saved) }));

  return (
    <Card>
      <BlockStack gap="400">
        <FormFeedback failure={write.failure ? message(write.failure) : undefined} onDismissFailure={write.clear} />
        <FormLayout>
          <Select
            label={t("settings.orderRules.noPhone")}
            options={NO_PHONE_ACTIONS.map((action) => ({
              label: t(`settings.orderRules.noPhone.${action}`),
              value: action,
            }))}
            value={form.noPhoneAction}
            onChange={(value) => set({ noPhoneAction: value as NoPhoneAction })}
          />
          <Select
            label={t("settings.orderRules.phoneCountry")}
            helpText={t("settings.orderRules.phoneCountry.help")}
            options={[
              { label: t("settings.orderRules.phoneCountry.supplier"), value: "" },
              ...SUPPLIER_COUNTRY_CODES.map((code) => ({ label: t(`country.${code}`), value: code })),
            ]}
            value={form.phoneCountry}
            onChange={(phoneCountry) => set({ phoneCountry })}
          />
          <TextField
            label={t("settings.orderRules.duplicateWindow")}
            helpText={t("settings.orderRules.duplicateWindow.help")}
            type="number"
            min={0}
            value={form.duplicateWindow}
            onChange={(duplicateWindow) => set({ duplicateWindow })}
            autoComplete="off"
            error={write.failure?.error?.startsWith("duplicateWindowMinutes") ? message(write.failure) : undefined}
          />
          <Select
            label={t("settings.orderRules.duplicateAction")}
            options={DUPLICATE_ACTIONS.map((action) => ({
              label: t(`settings.orderRules.duplicateAction.${action}`),
              value: action,
            }))}
            value={form.duplicateAction}
            onChange={(value) => set({ duplicateAction: value as DuplicateAction })}
            disabled={!form.duplicateWindow.trim() || form.duplicateWindow.trim() === "0"}
          />
          <Checkbox
            label={t("settings.orderRules.sendingHours")}
            helpText={t("settings.orderRules.sendingHours.help")}
            checked={form.hoursOn}
            onChange={(hoursOn) => set({ hoursOn })}
          />
          <FormLayout.Group condensed>
            <TextField
              label={t("settings.orderRules.sendingHours.from")}
              type="time"
              value={form.hoursFrom}
              onChange={(hoursFrom) => set({ hoursFrom })}
              autoComplete="off"
              disabled={!form.hoursOn}
            />
            <TextField
              label={t("settings.orderRules.sendingHours.to")}
              type="time"
              value={form.hoursTo}
              onChange={(hoursTo) => set({ hoursTo })}
              autoComplete="off"
              disabled={!form.hoursOn}
              error={hoursError}
            />
          </FormLayout.Group>
        </FormLayout>
        <RulesPreview
          draft={fields()}
          on={{
            noMobile: form.noPhoneAction !== "send",
            duplicates: form.duplicateAction === "hold" && Number(form.duplicateWindow || 0) > 0,
            outsideHours: form.hoursOn,
          }}
        />
        <InlineStack align="end">
          <Button variant="primary" onClick={save} loading={write.busy} disabled={!dirty}>
            {t("settings.orderRules.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
