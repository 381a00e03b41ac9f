import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { resolveLocale } from "./i18n";
import type { loader as appLoader } from "./routes/app";

export default function App() {
  // Screen readers pronounce the page in the admin's language (the embedded pages' layout knows it).
  const admin = useRouteLoaderData<typeof appLoader>("routes/app");
  return (
    <html lang={resolveLocale(admin?.locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <link rel="preconnect" href="https://cdn.shopify.com/" />
        <link rel="stylesheet" href="https://cdn.shopify.com/static/fonts/inter/v4/styles.css" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
