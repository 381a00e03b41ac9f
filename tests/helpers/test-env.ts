/** The configuration every test runs with; tests read these values rather than repeating them. */
export const TEST_ENV = {
  NODE_ENV: "test",
  TZ: "UTC",
  PLATFORM_API_KEY: "test-client-id",
  PLATFORM_API_SECRET: "test-app-secret-0123456789",
  PLATFORM_APP_URL: "https://connector.test",
  SCOPES: "read_products,write_products,read_orders,write_orders,read_customers,read_themes,write_themes",
  ENCRYPTION_KEY: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
  AUTOMATION_API_URL: "https://automation.test",
  SUPPLIER_API_URL: "https://supplier-api.test",
  SUPPLIER_ORIGIN: "https://supplier-panel.test",
  SUPPLIER_IMAGE_BASE_URL: "https://supplier-cdn.test",
  GITHUB_API_URL: "https://repo-host.test",
  LOG_LEVEL: "silent",
} as const;
