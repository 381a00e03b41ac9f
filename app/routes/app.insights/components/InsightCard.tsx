import type { ReactNode } from "react";
import { BlockStack, Card, Text } from "@shopify/polaris";

/** A card of the page below the chart: its heading, an optional help line, then what it shows. */
export function InsightCard({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {help ? (
          <Text as="p" tone="subdued">
            {help}
          </Text>
        ) : null}
        {children}
      </BlockStack>
    </Card>
  );
}

/** One timing figure under its label. */
export function Figure({ label, value, small }: { label: string; value: string; small?: boolean }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant={small ? "bodyMd" : "headingLg"}>
        {value}
      </Text>
    </BlockStack>
  );
}
