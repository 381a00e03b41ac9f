import { ApiType, shopifyApiProject } from "@shopify/api-codegen-preset";

// As in the platform's app template: operations tagged #graphql in app/ are typed against the Admin API.
// The schema is app/types/admin-<version>.schema.json, unpacked by scripts/graphql-codegen.ts from the platform's
// published introspection committed beside it (app/types/README.md), so codegen never needs the network.
const admin = shopifyApiProject({
  apiType: ApiType.Admin,
  // The API_VERSION of app/services/platform/api-version.ts (scripts/graphql-codegen.ts checks they agree).
  apiVersion: "2026-10",
  documents: ["./app/**/*.{js,ts,jsx,tsx}"],
  outputDir: "./app/types",
  // Enum values as string unions: the app passes and compares the platform's values as plain strings.
  enumsAsConst: true,
});

// A nullable field the operation selects is always in the answer, as null when empty: typed `T | null`, not
// optional, so the app's own types can say the same.
const generates = (admin.extensions?.codegen?.generates ?? {}) as Record<string, { config?: Record<string, unknown> }>;
for (const output of Object.values(generates)) {
  output.config = { ...output.config, avoidOptionals: { field: true, inputValue: false, object: false } };
}

export default { projects: { default: admin } };
