import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

export function SideCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {heading}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

/** One labelled value of a side card, on its own line. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text as="p">
      {label}: {children}
    </Text>
  );
}
