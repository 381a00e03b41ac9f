import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/engines";

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

/** The modules a file imports, as paths under the root without their extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:from |import\()"([^"]+)"/g)].flatMap(([, specifier]) => {
    if (specifier.startsWith("~/")) return [`app/${specifier.slice(2)}`];
    if (specifier.startsWith(".")) return [path.posix.join(path.posix.dirname(file), specifier)];
    return [];
  });
}

/** "app.settings" for any file of the settings page; "shared" for the admin's layout (app.tsx), which every page has. */
function pageOf(file: string) {
  const page = file
    .slice("app/routes/".length)
    .split("/")[0]
    .replace(/\.tsx?$/, "");
  return page === "app" ? "shared" : page;
}

describe("the admin pages' components", () => {
  it("live in the page's folder when one page uses them; an area of app/components/ holds shared ones", () => {
    const app = sourceFiles("app");
    // The areas' folders (app/components/<area>/); the loose modules at the top are not sorted yet.
    const components = sourceFiles("app/components")
      .filter((file) => file.split("/").length > 3)
      .map((file) => file.replace(/\.tsx?$/, ""));
    expect(components.length).toBeGreaterThan(3);
    const users = new Map(components.map((component) => [component, new Set<string>()]));
    for (const file of app) {
      for (const imported of importsOf(file)) {
        // Another shared module or the app's shell counts as every page.
        users.get(imported)?.add(file.startsWith("app/routes/") ? pageOf(file) : "shared");
      }
    }
    const onePage = components.filter((component) => {
      const pages = users.get(component)!;
      return pages.size === 1 && !pages.has("shared");
    });
    expect(onePage).toEqual([]);
  });
});
