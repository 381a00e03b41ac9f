import { ApiType, shopifyApiProject } from "@shopify/api-codegen-preset";

// As in the platform's app template: operations tagged #graphql in app/ are typed against the Admin API.
// The schema is app/types/admin-<version>.schema.json, unpacked by scripts/graphql-codegen.ts from the platform's
// published introspection committed beside it (app/types/README.md), so codegen never needs the network.
export default {
  projects: {
    default: shopifyApiProject({
      apiType: ApiType.Admin,
      // The API_VERSION of app/shopify.server.ts (scripts/graphql-codegen.ts checks they agree).
      apiVersion: "2025-10",
      documents: ["./app/**/*.{js,ts,jsx,tsx}"],
      outputDir: "./app/types",
    }),
  },
};
