import { Badge, type BadgeProps } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { DeliveryStatus } from "~/lib/api-types";

const TONES: Record<DeliveryStatus, BadgeProps["tone"]> = {
  queued: "info",
  delivering: "info",
  delivered: "success",
  flow_failed: "critical",
  retrying: "attention",
  dead: "critical",
  skipped: undefined,
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useI18n();
  return <Badge tone={TONES[status]}>{t(`deliveries.status.${status}`)}</Badge>;
}
