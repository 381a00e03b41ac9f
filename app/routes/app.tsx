import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { env } from "../env.server";
import { authenticate } from "../shopify.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  // The app's public client id: the only credential that belongs in the browser.
  return { apiKey: env().PLATFORM_API_KEY, appBridgeUrl: env().APP_BRIDGE_URL };
};

export default function App() {
  const { apiKey, appBridgeUrl } = useLoaderData<typeof loader>();
  return (
    // The sandbox serves a stand-in of the App Bridge script (sandbox/README.md); undefined keeps the CDN's.
    <AppProvider isEmbeddedApp apiKey={apiKey} __APP_BRIDGE_URL={appBridgeUrl}>
      <NavMenu>
        <Link to="/app" rel="home">
          Home
        </Link>
      </NavMenu>
      <Outlet />
    </AppProvider>
  );
}

// The library's boundary keeps the headers the admin needs on errors and redirects.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
