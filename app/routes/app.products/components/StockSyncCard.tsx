import { BlockStack, Button, Checkbox, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { OptionalScopesButton } from "~/components/OptionalScopesButton";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { stockSyncCardData } from "~/services/stock/page.server";
import { useSyncReason } from "./ProductSyncStatus";
import { TitledCard } from "~/components/TitledCard";

/** The shop's stock sync: permissions, on/off and location, the last sync, and "Sincronizar ahora" for all. */
export function StockSyncCard({ sync }: { sync: Awaited<ReturnType<typeof stockSyncCardData>> }) {
  const { t, tp, dateTime } = useI18n();
  const reason = useSyncReason();
  const [enabled, setEnabled] = useState(sync.enabled);
  const [locationId, setLocationId] = useState(sync.locationId ?? "");
  const [notice, setNotice] = useState<string>();
  const settings = useWrite<{ success: true }>(undefined, () => showToast(t("stock.saved")));
  const syncAll = useWrite<{ success: true; sync: { changes: number } }>(undefined, (data) =>
    showToast(`${t("stock.synced")}: ${tp("stock.changes", data.sync.changes)}`),
  );
  const lastRun = sync.lastRun;

  return (
    <TitledCard title={t("stock.title")} help={t("stock.help")}>
      {sync.missingScopes.length > 0 ? (
        <BlockStack gap="200">
          <Text as="p">{t("stock.scopesNeeded")}</Text>
          {notice && <ApiErrorBanner message={notice} onDismiss={() => setNotice(undefined)} />}
          <InlineStack>
            <OptionalScopesButton
              scopes={sync.missingScopes}
              label={t("stock.grantScopes")}
              onDeclined={() => setNotice(t("stock.scopesDeclined"))}
              onUnavailable={() => setNotice(t("stock.scopesUnavailable"))}
            />
          </InlineStack>
        </BlockStack>
      ) : (
        <BlockStack gap="200">
          <ApiErrorBanner message={settings.message ?? syncAll.message} />
          {sync.locationsError && <ApiErrorBanner message={t("stock.locationsFailed")} />}
          <Checkbox label={t("stock.enabled")} checked={enabled} onChange={setEnabled} />
          <Select
            label={t("stock.location")}
            placeholder={t("stock.chooseLocation")}
            options={sync.locations.map((location) => ({ label: location.name, value: location.id }))}
            value={locationId}
            onChange={setLocationId}
          />
          <InlineStack gap="200">
            <Button
              onClick={() => settings.submit("stock-settings", { enabled, locationId: locationId || undefined })}
              loading={settings.busy}
            >
              {t("stock.save")}
            </Button>
            <Button
              variant="primary"
              disabled={!sync.enabled || !sync.locationId}
              onClick={() => syncAll.submit("sync")}
              loading={syncAll.busy}
            >
              {t("stock.syncAll")}
            </Button>
          </InlineStack>
        </BlockStack>
      )}
      <Text as="p" tone={lastRun && lastRun.status === "failed" ? "critical" : "subdued"}>
        {!lastRun
          ? t("stock.never")
          : lastRun.status === "failed"
            ? t("stock.lastRunFailed", { date: dateTime(lastRun.at), reason: reason(lastRun.errorCode) })
            : `${t("stock.lastRun", { date: dateTime(lastRun.at) })} · ${tp("stock.changes", lastRun.changes)}`}
      </Text>
    </TitledCard>
  );
}
