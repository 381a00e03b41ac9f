import {
  Banner,
  BlockStack,
  Button,
  Card,
  ChoiceList,
  FormLayout,
  InlineStack,
  Spinner,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { Theme } from "~/lib/api-types";
import { themeUrl, validateThemeSource, type ThemeSource, type ThemeSourceErrors } from "~/lib/theme-source";
import { themeAdminUrl } from "./theme-admin-url";

const DEFAULT_THEME_NAME = "Automation Theme 2.5";

/**
 * Where the theme comes from (a repository with its token, or a public archive URL) and its name; the page's action
 * installs it as an unpublished theme. The token is sent for this one install and then forgotten.
 */
export function ThemeInstallCard({ allowHttp }: { allowHttp: boolean }) {
  const { t } = useI18n();
  const [kind, setKind] = useState<ThemeSource["kind"]>("repository");
  const [url, setUrl] = useState("");
  const [owner, setOwner] = useState("");
  const [repo, setRepo] = useState("");
  const [branch, setBranch] = useState("main");
  const [token, setToken] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<ThemeSourceErrors>({});
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

  return (
    <>
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
              placeholder={t("theme.themeNamePlaceholder")}
              helpText={t("theme.themeNameHelp", { name: DEFAULT_THEME_NAME })}
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
    </>
  );
}
