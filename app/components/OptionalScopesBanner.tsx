import { useAppBridge } from "@shopify/app-bridge-react";
import { useRevalidator } from "@remix-run/react";
import { Banner, Text } from "@shopify/polaris";
import { useState } from "react";
import { showToast } from "~/components/toast";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";

/**
 * Asks the platform, through its own permission dialog (App Bridge `scopes.request`), for optional scopes a feature
 * needs; `missing` comes from the server (app/services/platform/granted-scopes.server.ts). Nothing is shown once
 * every scope is granted: the grant is said by a toast (the page reloads and the banner goes with it), a refusal
 * or an admin without the dialog in the banner.
 */
export function OptionalScopesBanner({ missing, feature }: { missing: string[]; feature: string }) {
  const { t, locale } = useI18n();
  const request = useScopesRequest();
  const [answer, setAnswer] = useState<"declined" | "unavailable">();
  if (!missing.length) return null;
  return (
    <Banner
      tone={answer === "declined" ? "critical" : "warning"}
      title={t("scopes.missing.title", { feature })}
      action={{
        content: t("scopes.request"),
        onAction: () => void request(missing).then((result) => setAnswer(result === "granted" ? undefined : result)),
      }}
    >
      <Text as="p">{t("scopes.missing", { scopes: scopeWords(missing, t, locale) })}</Text>
      {answer && <Text as="p">{t(`scopes.answer.${answer}`)}</Text>}
    </Banner>
  );
}

/** What the scopes let the app do, in the merchant's words, as one list ("ver el inventario y cambiar el inventario"). */
function scopeWords(scopes: string[], t: (key: MessageKey) => string, locale: string) {
  const words = scopes.map((scope) => t(`scope.${scope}` as MessageKey));
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(words);
}

/**
 * The platform's permission dialog for optional scopes; once they are granted a toast says so (it outlives the
 * reload that removes the banner) and the page reloads its data.
 */
export function useScopesRequest() {
  const { t } = useI18n();
  const shopify = useAppBridge();
  const revalidator = useRevalidator();
  return async (scopes: string[]): Promise<"granted" | "declined" | "unavailable"> => {
    // Outside the admin (or an App Bridge without the scopes API) there is no dialog to open.
    if (!shopify?.scopes?.request) return "unavailable";
    try {
      const response = await shopify.scopes.request(scopes);
      if (response.result !== "granted-all") return "declined";
    } catch {
      // The dialog could not be opened (an admin that refuses the request): as if there were none.
      return "unavailable";
    }
    showToast(t("scopes.answer.granted"));
    revalidator.revalidate();
    return "granted";
  };
}
