import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Layout } from "@shopify/polaris";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { BODY_LIMITS, apiHandler, ok, unknownIntent } from "~/lib/http.server";
import { parseInput, readFields } from "~/lib/input.server";
import { pageMeta } from "~/lib/meta";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { themeInstallInput } from "~/services/theme/install-input.server";
import { installTheme, listThemeInstalls } from "~/services/theme/install.server";
import { env } from "~/env.server";
import { authenticate } from "~/shopify.server";
import { ThemeHistory } from "./components/ThemeHistory";
import { ThemeInstallCard } from "./components/ThemeInstallCard";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { installs: await listThemeInstalls(session.shop), allowHttp: env().ALLOW_LOOPBACK_FETCH };
};

/** Installs a theme as an unpublished one; Remix then reloads the history. */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    if (fields.intent !== "install") throw unknownIntent();
    const { theme } = await installTheme({ shop, ...parseInput(themeInstallInput, fields) });
    return ok({ theme });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);

export const meta = pageMeta("theme.title");

export default function ThemePage() {
  const { t } = useI18n();
  const { installs, allowHttp } = useLoaderData<typeof loader>();
  return (
    <AppPage title={t("theme.title")}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <ThemeInstallCard allowHttp={allowHttp} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section>
          <ThemeHistory installs={installs} />
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}
