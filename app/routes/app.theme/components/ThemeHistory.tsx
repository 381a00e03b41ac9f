import { Badge, BlockStack, Button, IndexTable, InlineStack, Text, type IndexTableProps } from "@shopify/polaris";
import { StackedBelow, StackedCell, stackedRowId } from "~/components/StackedBelow";
import { TableCard } from "~/components/TableCard";
import { useI18n } from "~/i18n/context";
import { hasMessage } from "~/i18n";
import type { ThemeInstallSummary } from "~/services/theme/install.server";
import { themeAdminUrl } from "./theme-admin-url";

/** The shop's theme installs, newest first, each with a link to the theme in the admin. */
export function ThemeHistory({ installs }: { installs: ThemeInstallSummary[] }) {
  const { t, dateTime } = useI18n();
  const roleLabel = (role: string) => {
    const key = `theme.role.${role}`;
    return hasMessage(key) ? t(key) : role;
  };

  const table = {
    resourceName: { singular: t("nav.theme"), plural: t("theme.history") },
    itemCount: installs.length,
    selectable: false,
    headings: [
      { title: t("theme.themeName") },
      { title: t("theme.source") },
      { title: t("theme.installedAt") },
      { title: t("products.actions"), hidden: true },
    ] as IndexTableProps["headings"],
  };
  const history = installs.map((entry) => ({
    entry,
    name: (
      <InlineStack gap="200">
        <Text as="span" fontWeight="semibold">
          {entry.name}
        </Text>
        <Badge>{roleLabel(entry.role)}</Badge>
      </InlineStack>
    ),
    source: t(`theme.source.${entry.source}`),
    installedAt: dateTime(entry.createdAt),
    open: (
      <Button variant="plain" url={themeAdminUrl(entry.themeId)} target="_top">
        {t("theme.open")}
      </Button>
    ),
  }));

  return (
    <TableCard heading={t("theme.history")} emptyText={installs.length === 0 ? t("theme.historyEmpty") : undefined}>
      {/* At phone widths each row is a stacked item: its link is reachable without scrolling sideways. */}
      <StackedBelow
        breakpoint="sm"
        wide={
          <IndexTable {...table} condensed={false}>
            {history.map(({ entry, name, source, installedAt, open }, index) => (
              <IndexTable.Row id={entry.id} key={entry.id} position={index}>
                <IndexTable.Cell>{name}</IndexTable.Cell>
                <IndexTable.Cell>{source}</IndexTable.Cell>
                <IndexTable.Cell>{installedAt}</IndexTable.Cell>
                <IndexTable.Cell>{open}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        }
        stacked={
          <IndexTable {...table} condensed>
            {history.map(({ entry, name, source, installedAt, open }, index) => (
              <IndexTable.Row id={stackedRowId(entry.id)} key={entry.id} position={index}>
                <StackedCell>
                  <BlockStack gap="150">
                    {name}
                    <Text as="span" tone="subdued">
                      {source} · {installedAt}
                    </Text>
                    <InlineStack>{open}</InlineStack>
                  </BlockStack>
                </StackedCell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        }
      />
    </TableCard>
  );
}
