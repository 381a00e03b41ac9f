import "dotenv/config";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { createAdapter } from "./app/db-adapter.server";

// The CLI uses the same driver adapter as the app, so SQLite migrations run on the bundled WebAssembly
// schema engine and nothing is downloaded (see ../shared/TOOLCHAIN.md). That engine cannot migrate
// PostgreSQL: `npm run db:deploy` applies prisma/migrations-postgresql with dbmate instead (docs/decisions/090).
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  adapter: async () => createAdapter(process.env.DATABASE_URL),
});
