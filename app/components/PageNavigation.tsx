import { InlineStack, Pagination } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";

/** Previous / next under a paged list; nothing when everything fits on one page. */
export function PageNavigation({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <InlineStack align="center">
      <Pagination
        hasPrevious={page > 1}
        onPrevious={() => onPage(page - 1)}
        hasNext={page < pages}
        onNext={() => onPage(page + 1)}
        label={t("common.pageOf", { page, pages })}
      />
    </InlineStack>
  );
}
