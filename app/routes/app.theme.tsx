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
  useBreakpoints,
} from "@shopify/polaris";
import { useState } from "react";
import { ApiContent } from "~/components/ApiContent";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { TableCard } from "~/components/TableCard";
import { showToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { useApi } from "~/components/use-api";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { hasMessage } from "~/i18n";
import { apiGet, apiPost } from "~/lib/api-client";
import type { Theme, ThemeInstall } from "~/lib/api-types";
import { themeUrl, validateThemeSource, type ThemeSource, type ThemeSourceErrors } from "~/lib/theme-source";
import { pageMeta } from "~/lib/meta";

const DEFAULT_THEME_NAME = "Automation Theme 2.5";

/** Opens the theme in the admin's theme editor list (App Bridge resolves shopify://admin links). */
const themeAdminUrl = (id: number) => `shopify://admin/themes/${id}`;

export const meta = pageMeta("theme.title");

export default function ThemePage() {
  const { smDown } = useBreakpoints();
  const { t, dateTime } = useI18n();
  const [kind, setKind] = useState<ThemeSource["kind"]>("repository");
  const [url, setUrl] = useState("");
  const [owner, setOwner] = useState("");
  const [repo, setRepo] = useState("");
  const [branch, setBranch] = useState("main");
  const [token, setToken] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<ThemeSourceErrors>({});
  const installation = useAction();
  const [installed, setInstalled] = useState<Theme>();
  const history = useApi(
    () => apiGet<{ installs: ThemeInstall[] }>("/api/theme/installs").then((body) => body.installs),
    "installs",
  );

  const fieldError = (field: keyof ThemeSourceErrors) => {
    const problem = errors[field];
    if (!problem) return undefined;
    if (problem === "required") return t("theme.fieldRequired");
    return field === "url" ? t("theme.urlInvalid") : t("theme.nameInvalid");
  };

  async function install() {
    const source: ThemeSource = kind === "public" ? { kind, url } : { kind, owner, repo, branch, token };
    const problems = validateThemeSource(source);
    setErrors(problems);
    installation.setFailure(undefined);
    setInstalled(undefined);
    if (Object.keys(problems).length > 0) return;
    await installation.run(async () => {
      const body = await apiPost<{ theme: Theme }>("/api/theme/install", {
        themeUrl: themeUrl(source),
        themeName: name.trim() || DEFAULT_THEME_NAME,
      });
      // The token was for this one install; it is not kept in the page either.
      setToken("");
      setInstalled(body.theme);
      showToast(t("theme.installed"));
      history.reload();
    });
  }

  const roleLabel = (role: string) => {
    const key = `theme.role.${role}`;
    return hasMessage(key) ? t(key) : role;
  };

  return (
    <AppPage title={t("theme.title")}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <ApiErrorBanner message={installation.failure} onDismiss={() => installation.setFailure(undefined)} />
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
          <ApiContent state={history} loadingLines={3}>
            {(installs) => (
              <TableCard
                heading={t("theme.history")}
                emptyText={installs.length === 0 ? t("theme.historyEmpty") : undefined}
              >
                <IndexTable
                  // At phone widths each row is a stacked item: its actions are reachable without scrolling sideways.
                  condensed={smDown}
                  resourceName={{ singular: t("nav.theme"), plural: t("theme.history") }}
                  itemCount={installs.length}
                  selectable={false}
                  headings={[
                    { title: t("theme.themeName") },
                    { title: t("theme.source") },
                    { title: t("theme.installedAt") },
                    { title: t("products.actions"), hidden: true },
                  ]}
                >
                  {installs.map((entry, index) => (
                    <IndexTable.Row id={entry.id} key={entry.id} position={index}>
                      <IndexTable.Cell>
                        <InlineStack gap="200">
                          <Text as="span" fontWeight="semibold">
                            {entry.name}
                          </Text>
                          <Badge>{roleLabel(entry.role)}</Badge>
                        </InlineStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>{t(`theme.source.${entry.source}`)}</IndexTable.Cell>
                      <IndexTable.Cell>{dateTime(entry.createdAt)}</IndexTable.Cell>
                      <IndexTable.Cell>
                        <Button variant="plain" url={themeAdminUrl(entry.themeId)} target="_top">
                          {t("theme.open")}
                        </Button>
                      </IndexTable.Cell>
                    </IndexTable.Row>
                  ))}
                </IndexTable>
              </TableCard>
            )}
          </ApiContent>
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}
