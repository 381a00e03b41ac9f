/**
 * Regenerates the Admin API operation types (app/types/admin.generated.d.ts, admin.types.d.ts) with
 * @shopify/api-codegen-preset, from the schema committed as SDL (app/types/admin-<version>.minimal.graphql,
 * docs/decisions/064). `--check` regenerates and fails when anything committed was stale.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, introspectionFromSchema } from "graphql";

const check = process.argv.includes("--check");
const root = path.resolve(import.meta.dirname, "..");
const typesDir = path.join(root, "app/types");

const config = readFileSync(path.join(root, ".graphqlrc.ts"), "utf8");
const version = /apiVersion: "([\d-]+)"/.exec(config)?.[1];
const shopify = readFileSync(path.join(root, "app/shopify.server.ts"), "utf8");
const [, year, month] = /ApiVersion\.(\w+?)(\d\d)\b/.exec(shopify) ?? [];
const months = ["January", "April", "July", "October"];
const libraryVersion = year ? `20${month}-${String(months.indexOf(year) * 3 + 1).padStart(2, "0")}` : null;
if (!version || version !== libraryVersion) {
  console.error(`.graphqlrc.ts apiVersion (${version}) differs from app/shopify.server.ts (${libraryVersion})`);
  process.exit(1);
}

const outputs = [`admin-${version}.schema.json`, "admin.types.d.ts", "admin.generated.d.ts"].map((name) =>
  path.join(typesDir, name),
);
const before = outputs.map((file) => (existsSync(file) ? readFileSync(file, "utf8") : null));

const sdl = readFileSync(path.join(typesDir, `admin-${version}.minimal.graphql`), "utf8");
const introspection = introspectionFromSchema(buildSchema(sdl), { descriptions: true });
writeFileSync(outputs[0], `${JSON.stringify(introspection)}\n`);
execFileSync(path.join(root, "node_modules/.bin/graphql-codegen"), ["--silent"], { cwd: root, stdio: "inherit" });
execFileSync(path.join(root, "node_modules/.bin/prettier"), ["--log-level", "warn", "--write", ...outputs.slice(1)], {
  cwd: root,
  stdio: "inherit",
});

const stale = outputs.filter((file, index) => readFileSync(file, "utf8") !== before[index]);
if (check && stale.length) {
  console.error(
    `GraphQL types were stale: ${stale.map((file) => path.relative(root, file)).join(", ")}. ` +
      "They are regenerated now: commit them (npm run graphql-codegen).",
  );
  process.exit(1);
}
if (!check) console.log(`GraphQL types: ${stale.length ? `updated ${stale.length} file(s)` : "up to date"}`);
