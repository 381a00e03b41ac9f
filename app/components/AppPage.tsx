import { TitleBar } from "@shopify/app-bridge-react";
import { Page, type PageProps } from "@shopify/polaris";

/**
 * A page of the embedded app, the way the admin shows its own (docs/decisions/103-native-admin-pages.md): the
 * title in the admin's title bar (App Bridge), with a breadcrumb back to the parent page for a detail page. Top-level pages have no back arrow: the admin's
 * navigation menu is the way between them. Polaris' Page keeps its title for the page's own heading. The document
 * title is each route's `meta` export (app/lib/meta.ts).
 */
export function AppPage({
  title,
  parent,
  ...page
}: Omit<PageProps, "backAction" | "title"> & { title: string; parent?: { content: string; url: string } }) {
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
