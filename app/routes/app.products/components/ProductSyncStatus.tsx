import { Badge, BlockStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { hasMessage, type MessageKey } from "~/i18n";
import type { ProductSyncStatus as Status } from "~/services/stock/status.server";

/** A sync failure's reason in the merchant's language (its code), the stored text only for a code we do not know. */
export function useSyncReason() {
  const { t } = useI18n();
  return (code: string | null) => {
    const key = `stock.error.${code ?? "unknown"}`;
    return hasMessage(key) ? t(key as MessageKey) : t("stock.error.unknown");
  };
}

/** One linked product's sync, truthfully: when it last synced, what changed, what failed and why. */
export function ProductSyncStatus({ status }: { status: Status }) {
  const { t, tp, dateTime, money } = useI18n();
  const reason = useSyncReason();
  const value = (field: string, amount: string | null) => (field === "price" ? money(amount) : (amount ?? "—"));
  return (
    // Table cells do not wrap: a failure's reason would push the row's actions out of view.
    <div style={{ whiteSpace: "normal", minWidth: "14rem", maxWidth: "22rem" }}>
      <BlockStack gap="100">
        {status.supplierOutOfStock && (
          <span>
            <Badge tone="warning">{t("stock.outOfStock")}</Badge>
          </span>
        )}
        <Text as="span" tone="subdued" variant="bodySm">
          {status.lastSuccessAt ? t("stock.lastSuccess", { date: dateTime(status.lastSuccessAt) }) : t("stock.never")}
        </Text>
        {status.status && status.status !== "ok" && status.lastAttemptAt && (
          <Text as="span" tone="critical" variant="bodySm">
            {t("stock.lastAttemptFailed", { date: dateTime(status.lastAttemptAt), reason: reason(status.errorCode) })}
          </Text>
        )}
        {status.changes.map((change, index) => (
          <Text as="span" variant="bodySm" key={index}>
            {t(change.field === "price" ? "stock.change.price" : "stock.change.stock", {
              variant: change.variantTitle,
              before: value(change.field, change.before),
              after: value(change.field, change.after),
            })}
          </Text>
        ))}
        {status.unmapped.length > 0 && (
          <Text as="span" tone="subdued" variant="bodySm">
            {tp("stock.unmapped", status.unmapped.length, {
              names: status.unmapped.map((variant) => variant.title).join(", "),
            })}
          </Text>
        )}
      </BlockStack>
    </div>
  );
}
