import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  ChoiceList,
  FormLayout,
  IndexTable,
  InlineStack,
  Layout,
  Spinner,
  Text,
  TextField,
  type IndexTableProps,
} from "@shopify/polaris";
import { useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { StackedBelow, StackedCell, stackedRowId } from "~/components/StackedBelow";
import { TableCard } from "~/components/TableCard";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { hasMessage } from "~/i18n";
import type { Theme } from "~/lib/api-types";
import { BODY_LIMITS, apiHandler, ok, unknownIntent } from "~/lib/http.server";
import { parseInput, readFields } from "~/lib/input.server";
import { themeUrl, validateThemeSource, type ThemeSource, type ThemeSourceErrors } from "~/lib/theme-source";
import { pageMeta } from "~/lib/meta";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { themeInstallInput } from "~/services/theme/install-input.server";
import { installTheme, listThemeInstalls } from "~/services/theme/install.server";
import { env } from "~/env.server";
import { authenticate } from "~/shopify.server";

const DEFAULT_THEME_NAME = "Automation Theme 2.5";

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

/** Opens the theme in the admin's theme editor list (App Bridge resolves shopify://admin links). */
const themeAdminUrl = (id: number) => `shopify://admin/themes/${id}`;

export const meta = pageMeta("theme.title");

export default function ThemePage() {
  const { t, dateTime } = useI18n();
  const [kind, setKind] = useState<ThemeSource["kind"]>("repository");
  const [url, setUrl] = useState("");
  const [owner, setOwner] = useState("");
  const [repo, setRepo] = useState("");
  const [branch, setBranch] = useState("main");
  const [token, setToken] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<ThemeSourceErrors>({});
  const { installs, allowHttp } = useLoaderData<typeof loader>();
  const [installed, setInstalled] = useState<Theme>();
  const installation = useWrite<{ success: true; theme: Theme }>("/app/theme", (body) => {
    // The token was for this one install; it is not kept in the page either.
    setToken("");
    setInstalled(body.theme);
    showToast(t("theme.installed"));
  });

  const fieldError = (field: keyof ThemeSourceErrors) => {
    const problem = errors[field];
    if (!problem) return undefined;
    if (problem === "required") return t("theme.fieldRequired");
    return field === "url" ? t("theme.urlInvalid") : t("theme.nameInvalid");
  };

  function install() {
    const source: ThemeSource = kind === "public" ? { kind, url } : { kind, owner, repo, branch, token };
    const problems = validateThemeSource(source, { allowHttp });
    setErrors(problems);
    installation.clear();
    setInstalled(undefined);
    if (Object.keys(problems).length > 0) return;
    installation.submit("install", { themeUrl: themeUrl(source), themeName: name.trim() || DEFAULT_THEME_NAME });
  }

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
    <AppPage title={t("theme.title")}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <ApiErrorBanner message={installation.message} onDismiss={installation.clear} />
            {installed && (
              <Banner
                tone="success"
                title={t("theme.installed")}
                action={{ content: t("theme.open"), url: themeAdminUrl(installed.id), target: "_top" }}
                onDismiss={() => setInstalled(undefined)}
              >
                <p>{t("theme.result", { name: installed.name })}</p>
              </Banner>
            )}
            <Card>
              <BlockStack gap="400">
                <Text as="p" tone="subdued">
                  {t("theme.description")}
                </Text>
                <FormLayout>
                  <ChoiceList
                    title={t("theme.source")}
                    choices={[
                      { label: t("theme.source.repository"), value: "repository" },
                      { label: t("theme.source.public"), value: "public" },
                    ]}
                    selected={[kind]}
                    onChange={([value]) => {
                      setKind(value as ThemeSource["kind"]);
                      setErrors({});
                    }}
                  />
                  {kind === "public" && (
                    <TextField
                      label={t("theme.url")}
                      type="url"
                      autoComplete="url"
                      placeholder="https://"
                      value={url}
                      onChange={setUrl}
                      error={fieldError("url")}
                    />
                  )}
                  {kind === "repository" && (
                    <FormLayout.Group>
                      <TextField
                        label={t("theme.owner")}
                        autoComplete="off"
                        value={owner}
                        onChange={setOwner}
                        error={fieldError("owner")}
                      />
                      <TextField
                        label={t("theme.repo")}
                        autoComplete="off"
                        value={repo}
                        onChange={setRepo}
                        error={fieldError("repo")}
                      />
                      <TextField
                        label={t("theme.branch")}
                        autoComplete="off"
                        value={branch}
                        onChange={setBranch}
                        error={fieldError("branch")}
                      />
                    </FormLayout.Group>
                  )}
                  {kind === "repository" && (
                    <TextField
                      label={t("theme.token")}
                      type="password"
                      autoComplete="off"
                      value={token}
                      onChange={setToken}
                      helpText={t("theme.tokenHelp")}
                      error={fieldError("token")}
                    />
                  )}
                  <TextField
                    label={t("theme.themeName")}
                    autoComplete="off"
                    placeholder={DEFAULT_THEME_NAME}
                    value={name}
                    onChange={setName}
                  />
                </FormLayout>
                <InlineStack align="end" blockAlign="center" gap="300">
                  {installation.busy && (
                    <InlineStack gap="200" blockAlign="center">
                      <Spinner size="small" accessibilityLabel={t("theme.installing")} />
                      <Text as="span" tone="subdued">
                        {t("theme.installing")}
                      </Text>
                    </InlineStack>
                  )}
                  <Button variant="primary" onClick={install} loading={installation.busy}>
                    {t("theme.install")}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section>
          <TableCard
            heading={t("theme.history")}
            emptyText={installs.length === 0 ? t("theme.historyEmpty") : undefined}
          >
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
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}
