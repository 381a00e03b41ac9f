import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisEnglish from "@shopify/polaris/locales/en.json";
import polarisSpanish from "@shopify/polaris/locales/es.json";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { useEffect, useState } from "react";
import { AlertBanner } from "~/components/AlertBanner";
import { I18nProvider, useI18n } from "~/i18n/context";
import { resolveLocale } from "~/i18n";
import { pageMeta } from "~/lib/meta";
import { env } from "../env.server";
import { deliveryAlert } from "../services/deliveries/alerts.server";
import { rememberShopLanguage } from "../services/shops/language.server";
import { shopTimeZone } from "../services/shops/time-zone.server";
import { authenticate } from "../shopify.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

// The app's name for a page without its own title (a child's `meta` replaces it).
export const meta = pageMeta("app.title");

const POLARIS_TRANSLATIONS = { en: polarisEnglish, es: polarisSpanish };

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  // The admin passes the merchant's language as `locale` on the document request (e.g. "es-CO").
  const locale = new URL(request.url).searchParams.get("locale");
  // The app's public client id: the only credential that belongs in the browser.
  // The delivery alert comes with the document; the banner checks again itself (docs/decisions/145).
  // Every date on every page is shown in the shop's zone, on the server and in the browser alike.
  // The notes the app leaves on the shop's orders follow the merchant's language (docs/decisions/290).
  const [alert, timeZone] = await Promise.all([
    deliveryAlert(session.shop),
    shopTimeZone(session.shop),
    rememberShopLanguage(session.shop, locale),
  ]);
  return { apiKey: env().PLATFORM_API_KEY, appBridgeUrl: env().APP_BRIDGE_URL, locale, alert, timeZone };
};

// The locale and key come with the document; client navigations (which carry no `locale`) must not reset them.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export default function App() {
  const { apiKey, appBridgeUrl, locale, alert, timeZone } = useLoaderData<typeof loader>();
  const [tag, setTag] = useState(locale ?? "en");

  useEffect(() => {
    // Without the query parameter, App Bridge knows the admin's language.
    if (!locale && typeof window !== "undefined" && window.shopify?.config?.locale) {
      setTag(window.shopify.config.locale);
    }
  }, [locale]);

  return (
    // The sandbox serves a stand-in of the App Bridge script (sandbox/README.md); undefined keeps the CDN's.
    <AppProvider
      isEmbeddedApp
      apiKey={apiKey}
      i18n={POLARIS_TRANSLATIONS[resolveLocale(tag)]}
      __APP_BRIDGE_URL={appBridgeUrl}
    >
      <I18nProvider tag={tag} timeZone={timeZone}>
        <Navigation />
        <AlertBanner initial={alert} />
        <Outlet />
      </I18nProvider>
    </AppProvider>
  );
}

function Navigation() {
  const { t } = useI18n();
  return (
    <NavMenu>
      <Link to="/app" rel="home">
        {t("nav.home")}
      </Link>
      <Link to="/app/settings">{t("nav.settings")}</Link>
      <Link to="/app/catalogue">{t("nav.catalogue")}</Link>
      <Link to="/app/products">{t("nav.products")}</Link>
      <Link to="/app/deliveries">{t("nav.deliveries")}</Link>
      <Link to="/app/insights">{t("nav.insights")}</Link>
      <Link to="/app/theme">{t("nav.theme")}</Link>
    </NavMenu>
  );
}

// The library's boundary keeps the headers the admin needs on errors and redirects.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
