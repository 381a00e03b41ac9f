/**
 * Regenerates the Admin API operation types (app/types/admin.generated.d.ts, admin.types.d.ts) with
 * @shopify/api-codegen-preset, against the platform's published introspection committed gzipped
 * (app/types/admin-<version>.introspection.json.gz, docs/decisions/267). The preset reads the schema from
 * app/types/admin-<version>.schema.json, so that file is unpacked first (it is not committed). `--check`
 * regenerates and fails when anything committed was stale.
 */
import { execFileSync } from "node:child_process";
import { gunzipSync } from "node:zlib";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const check = process.argv.includes("--check");
const root = path.resolve(import.meta.dirname, "..");
const typesDir = path.join(root, "app/types");

const config = readFileSync(path.join(root, ".graphqlrc.ts"), "utf8");
const version = /apiVersion: "([\d-]+)"/.exec(config)?.[1];
const apiVersionFile = "app/services/platform/api-version.ts";
const [, year, month] = /ApiVersion\.(\w+?)(\d\d)\b/.exec(readFileSync(path.join(root, apiVersionFile), "utf8")) ?? [];
const months = ["January", "April", "July", "October"];
const libraryVersion = year ? `20${month}-${String(months.indexOf(year) * 3 + 1).padStart(2, "0")}` : null;
if (!version || version !== libraryVersion) {
  console.error(`.graphqlrc.ts apiVersion (${version}) differs from ${apiVersionFile} (${libraryVersion})`);
  process.exit(1);
}

const published = path.join(typesDir, `admin-${version}.introspection.json.gz`);
if (!existsSync(published)) {
  console.error(
    `${path.relative(root, published)} is missing: vendor the platform's introspection (app/types/README.md)`,
  );
  process.exit(1);
}
writeFileSync(path.join(typesDir, `admin-${version}.schema.json`), gunzipSync(readFileSync(published)));

const outputs = ["admin.types.d.ts", "admin.generated.d.ts"].map((name) => path.join(typesDir, name));
const before = outputs.map((file) => (existsSync(file) ? readFileSync(file, "utf8") : null));

execFileSync(path.join(root, "node_modules/.bin/graphql-codegen"), ["--silent"], { cwd: root, stdio: "inherit" });
execFileSync(path.join(root, "node_modules/.bin/prettier"), ["--log-level", "warn", "--write", ...outputs], {
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
