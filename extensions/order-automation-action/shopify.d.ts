// What `shopify app dev` generates: the global `shopify` API of this extension target, for the type check.
import "@shopify/ui-extensions";

declare module "./src/ActionExtension.tsx" {
  const shopify: import("@shopify/ui-extensions/admin.order-details.action.render").Api;
  const globalThis: { shopify: typeof shopify };
}
