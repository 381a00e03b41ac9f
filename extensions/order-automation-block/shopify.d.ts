// What `shopify app dev` generates: the global `shopify` API of this extension target, for the type check.
import "@shopify/ui-extensions";

declare module "./src/BlockExtension.tsx" {
  const shopify: import("@shopify/ui-extensions/admin.order-details.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/JourneySection.tsx" {
  const shopify: import("@shopify/ui-extensions/admin.order-details.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/IncidentAnswerSection.tsx" {
  const shopify: import("@shopify/ui-extensions/admin.order-details.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/RiskSection.tsx" {
  const shopify: import("@shopify/ui-extensions/admin.order-details.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}
