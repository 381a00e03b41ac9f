import { BlockStack, Card, Text } from "@shopify/polaris";
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
        <div style={{ padding: "16px" }}>
          <Text as="h2" variant="headingMd">
            {heading}
          </Text>
        </div>
        {emptyText !== undefined ? (
          <div style={{ padding: "0 16px 16px" }}>
            <Text as="p" tone="subdued">
              {emptyText}
            </Text>
          </div>
        ) : (
          children
        )}
      </BlockStack>
    </Card>
  );
}
