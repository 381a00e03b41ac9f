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
  const [noPhoneAction, setNoPhoneAction] = useState<NoPhoneAction>(rules.noPhoneAction);
  const [phoneCountry, setPhoneCountry] = useState(rules.phoneCountry ?? "");
  const savedWindow = rules.duplicateWindowMinutes ? String(rules.duplicateWindowMinutes) : "";
  const [duplicateWindow, setDuplicateWindow] = useState(savedWindow);
  const [duplicateAction, setDuplicateAction] = useState<DuplicateAction>(rules.duplicateAction);
  const [hoursOn, setHoursOn] = useState(rules.sendingHours.on);
  const [hoursFrom, setHoursFrom] = useState(rules.sendingHours.from);
  const [hoursTo, setHoursTo] = useState(rules.sendingHours.to);
  const write = useWrite<{ success: true }>("/app/order-rules", () => showToast(t("settings.orderRules.saved")));
  const dirty =
    noPhoneAction !== rules.noPhoneAction ||
    phoneCountry !== (rules.phoneCountry ?? "") ||
    duplicateWindow !== savedWindow ||
    duplicateAction !== rules.duplicateAction ||
    hoursOn !== rules.sendingHours.on ||
    hoursFrom !== rules.sendingHours.from ||
    hoursTo !== rules.sendingHours.to;
  const hoursError = write.failure?.error?.startsWith("sendingHours") ? message(write.failure) : undefined;

  function save() {
    write.submit("order-rules-save", {
      noPhoneAction,
      phoneCountry,
      duplicateWindowMinutes: duplicateWindow.trim(),
      duplicateAction,
      ...(hoursOn ? { sendingHoursOn: "on" } : {}),
      sendingHoursFrom: hoursFrom,
      sendingHoursTo: hoursTo,
    });
  }

  useEffect(() =>
    report("order-rules", {
      dirty,
      busy: write.busy,
      save,
      discard: () => {
        setNoPhoneAction(rules.noPhoneAction);
        setPhoneCountry(rules.phoneCountry ?? "");
        setDuplicateWindow(savedWindow);
        setDuplicateAction(rules.duplicateAction);
        setHoursOn(rules.sendingHours.on);
        setHoursFrom(rules.sendingHours.from);
        setHoursTo(rules.sendingHours.to);
      },
    }),
  );

  return (
    <Card>
      <BlockStack gap="400">
        <FormFeedback
          failure={write.failure ? message(write.failure) : undefined}
          onDismissFailure={write.clear}
          onDismissSuccess={() => undefined}
        />
        <FormLayout>
          <Select
            label={t("settings.orderRules.noPhone")}
            options={NO_PHONE_ACTIONS.map((action) => ({
              label: t(`settings.orderRules.noPhone.${action}`),
              value: action,
            }))}
            value={noPhoneAction}
            onChange={(value) => setNoPhoneAction(value as NoPhoneAction)}
          />
          <Select
            label={t("settings.orderRules.phoneCountry")}
            helpText={t("settings.orderRules.phoneCountry.help")}
            options={[
              { label: t("settings.orderRules.phoneCountry.supplier"), value: "" },
              ...SUPPLIER_COUNTRY_CODES.map((code) => ({ label: t(`country.${code}`), value: code })),
            ]}
            value={phoneCountry}
            onChange={setPhoneCountry}
          />
          <TextField
            label={t("settings.orderRules.duplicateWindow")}
            helpText={t("settings.orderRules.duplicateWindow.help")}
            type="number"
            min={0}
            value={duplicateWindow}
            onChange={setDuplicateWindow}
            autoComplete="off"
            error={write.failure?.error?.startsWith("duplicateWindowMinutes") ? message(write.failure) : undefined}
          />
          <Select
            label={t("settings.orderRules.duplicateAction")}
            options={DUPLICATE_ACTIONS.map((action) => ({
              label: t(`settings.orderRules.duplicateAction.${action}`),
              value: action,
            }))}
            value={duplicateAction}
            onChange={(value) => setDuplicateAction(value as DuplicateAction)}
            disabled={!duplicateWindow.trim() || duplicateWindow.trim() === "0"}
          />
          <Checkbox
            label={t("settings.orderRules.sendingHours")}
            helpText={t("settings.orderRules.sendingHours.help")}
            checked={hoursOn}
            onChange={setHoursOn}
          />
          <FormLayout.Group condensed>
            <TextField
              label={t("settings.orderRules.sendingHours.from")}
              type="time"
              value={hoursFrom}
              onChange={setHoursFrom}
              autoComplete="off"
              disabled={!hoursOn}
            />
            <TextField
              label={t("settings.orderRules.sendingHours.to")}
              type="time"
              value={hoursTo}
              onChange={setHoursTo}
              autoComplete="off"
              disabled={!hoursOn}
              error={hoursError}
            />
          </FormLayout.Group>
        </FormLayout>
        <InlineStack align="end">
          <Button variant="primary" onClick={save} loading={write.busy} disabled={!dirty}>
            {t("settings.orderRules.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
