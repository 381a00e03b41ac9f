import { BlockStack, Box, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/**
 * A card holding a table edge to edge, under a heading padded like a card's own content;
 * `emptyText` takes the table's place when there are no rows.
 */
export function TableCard({
  heading,
  emptyText,
  children,
}: {
  heading: string;
  /** Given when the list is empty. */
  emptyText?: string;
  children?: ReactNode;
}) {
  return (
    <Card padding="0">
      <BlockStack>
        <Box padding="400">
          <Text as="h2" variant="headingMd">
            {heading}
          </Text>
        </Box>
        {emptyText !== undefined ? (
          <Box padding="400" paddingBlockStart="0">
            <Text as="p" tone="subdued">
              {emptyText}
            </Text>
          </Box>
        ) : (
          children
        )}
      </BlockStack>
    </Card>
  );
}
