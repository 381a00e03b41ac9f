import { Layout, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { TitledCard } from "~/components/TitledCard";

/** How many orders the app holds waiting for the buyer, and the oldest's wait; shown while holds are on. */
export function HeldOrders({ held }: { held: { held: number; oldestHours: number | null } | null }) {
  const { t, tp } = useI18n();
  if (!held) return null;
  return (
    <Layout.Section>
      <TitledCard title={t("home.held.title")} gap="200">
        <Text as="p">{tp("home.held.count", held.held)}</Text>
        {held.oldestHours !== null && (
          <Text as="p" tone="subdued">
            {tp("home.held.oldest", held.oldestHours)}
          </Text>
        )}
      </TitledCard>
    </Layout.Section>
  );
}
