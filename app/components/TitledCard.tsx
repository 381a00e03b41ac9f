import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** A card under its heading, with an optional help line, then what it shows: the admin's plain section card. */
export function TitledCard({
  title,
  help,
  gap = "300",
  children,
}: {
  title: string;
  help?: string;
  gap?: "200" | "300";
  children: ReactNode;
}) {
  return (
    <Card>
      <BlockStack gap={gap}>
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
