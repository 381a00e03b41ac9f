import { TitleBar } from "@shopify/app-bridge-react";
import { Page, type PageProps } from "@shopify/polaris";
import { useEffect } from "react";
import { useI18n } from "~/i18n/context";

/**
 * A page of the embedded app, the way the admin shows its own (docs/decisions/103-native-admin-pages.md): the
 * title in the admin's title bar (App Bridge), with a breadcrumb back to the parent page for a detail page, and
 * in the document title for tabs, history and screen readers. Top-level pages have no back arrow: the admin's
 * navigation menu is the way between them. Polaris' Page keeps its title for the page's own heading.
 */
export function AppPage({
  title,
  parent,
  ...page
}: Omit<PageProps, "backAction" | "title"> & { title: string; parent?: { content: string; url: string } }) {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${title} · ${t("app.title")}`;
  }, [title, t]);
  return (
    <>
      <TitleBar title={title}>
        {parent && (
          <a variant="breadcrumb" href={parent.url}>
            {parent.content}
          </a>
        )}
      </TitleBar>
      <Page title={title} backAction={parent} {...page} />
    </>
  );
}
