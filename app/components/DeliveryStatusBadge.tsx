import { Badge, type BadgeProps } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { DeliveryStatus } from "~/lib/api-types";
import { isHeld } from "~/lib/order-rules";

const TONES: Record<DeliveryStatus, BadgeProps["tone"]> = {
  queued: "info",
  delivering: "info",
  delivered: "success",
  flow_failed: "critical",
  retrying: "attention",
  dead: "critical",
  skipped: undefined,
};

/**
 * Where the order stands on its way to the flow. An order the shop's rules held for the team (no usable mobile, a
 * likely duplicate) is skipped in the store but waits for the merchant: it reads "held by your rules", never a grey
 * "skipped" beside its reason.
 */
export function DeliveryStatusBadge({
  delivery,
}: {
  delivery: { status: DeliveryStatus; lastErrorCode: string | null };
}) {
  const { t } = useI18n();
  if (isHeld(delivery)) return <Badge tone="attention">{t("deliveries.status.heldByRules")}</Badge>;
  return <Badge tone={TONES[delivery.status]}>{t(`deliveries.status.${delivery.status}`)}</Badge>;
}
