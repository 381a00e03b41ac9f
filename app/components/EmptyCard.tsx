import { BlockStack, Box, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** An empty list: what is missing and, when there is one, the way to fill it. */
export function EmptyCard({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <Card>
      <Box padding="600">
        <BlockStack gap="200" inlineAlign="center">
          <Text as="h2" variant="headingMd" alignment="center">
            {heading}
          </Text>
          {children}
        </BlockStack>
      </Box>
    </Card>
  );
}
