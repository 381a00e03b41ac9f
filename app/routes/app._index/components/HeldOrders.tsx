import { BlockStack, Layout, Link, Text } from "@shopify/polaris";
import { TitledCard } from "~/components/TitledCard";
import { useI18n } from "~/i18n/context";
import type { HeldGroup, HeldGroupSummary } from "~/services/deliveries/held-orders.server";

/** Each group's orders in the log: held by the app, and where they stand on their way to the buyer. */
const LOG_LINKS: Record<HeldGroup, string> = {
  waitingBuyer: "/app/deliveries?appAction=held&status=delivered",
  answered: "/app/deliveries?appAction=held",
  heldByRules: "/app/deliveries?appAction=held&status=skipped",
  sendingHours: "/app/deliveries?appAction=held&status=queued",
  notSent: "/app/deliveries?appAction=held",
};

/**
 * The orders whose shipping the app holds, by why no answer has come yet (docs/decisions/300): only those sent to the
 * flow wait for the buyer; the others wait for the merchant (held by their rules) or for the sending hours. Each line
 * links to its orders in the log and says since when the oldest is held (a time, never "0 hours"). Shown while holds
 * are on.
 */
export function HeldOrders({ held }: { held: Record<HeldGroup, HeldGroupSummary> | null }) {
  const { t, tp, dateTime } = useI18n();
  if (!held) return null;
  const groups = (Object.keys(LOG_LINKS) as HeldGroup[]).filter((group) => held[group].count > 0);
  return (
    <Layout.Section>
      <TitledCard title={t("home.held.title")} gap="200">
        {groups.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("home.held.none")}
          </Text>
        ) : (
          <BlockStack gap="200">
            {groups.map((group) => (
              <BlockStack gap="050" key={group}>
                <Text as="p">
                  <Link url={LOG_LINKS[group]}>
                    {tp(`home.held.${group}`, held[group].count, {
                      opensAt: held[group].opensAt ? dateTime(held[group].opensAt) : "—",
                    })}
                  </Link>
                </Text>
                {held[group].oldestSince && (
                  <Text as="p" tone="subdued">
                    {t("home.held.oldestSince", { time: dateTime(held[group].oldestSince) })}
                  </Text>
                )}
              </BlockStack>
            ))}
          </BlockStack>
        )}
      </TitledCard>
    </Layout.Section>
  );
}
