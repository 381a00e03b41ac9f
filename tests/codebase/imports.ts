import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../scripts/lib/engines";

/*
 * The imports between the app's own modules, read from their text (no compiler): `import … from`, `export … from`,
 * a bare `import "…"` and `import("…")`, relative or through the `~/` alias. Type-only imports are edges too: a
 * folder that names another's types depends on it as much as one that calls it.
 */

export interface ImportEdge {
  /** The imported module, relative to the repository (app/services/x.server.ts). */
  to: string;
  /** `import("…")`: loaded at first use, not when the importer loads. */
  dynamic: boolean;
  /** `import type`, or only `type` names: gone from the compiled module. */
  typeOnly: boolean;
}

const STATIC = /^\s*(?:import|export)\s([^;"]*?\sfrom\s)?\s*"([^"]+)"/gm;
const DYNAMIC = /\bimport\(\s*"([^"]+)"\s*\)/g;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

/** The module `specifier` names from `from`, or null for a package (node:, npm). */
export function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  // The production server imports its neighbours by their emitted name (./static-files.js).
  const stem = base.replace(/\.js$/, "");
  const found = EXTENSIONS.map((ending) => `${stem}${ending}`).find(
    (file) => statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile() ?? false,
  );
  return found ?? base;
}

/** `type { A }`, or `{ type A, type B }`: no value crosses. */
function isTypeOnly(clause: string) {
  if (/^type\s/.test(clause.trim())) return true;
  const names = /^\{([^}]*)\}/.exec(clause.trim())?.[1];
  if (!names) return false;
  const list = names
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((name) => name.startsWith("type "));
}

/** Each module under `dirs` with the app modules it imports. */
export function importGraph(dirs: string[]): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  for (const file of dirs.flatMap(sourceFiles)) {
    // Comments name modules too ("see ../x.ts"): only code lines count.
    const code = readFileSync(path.join(ROOT, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    const edges: ImportEdge[] = [];
    for (const [, clause = "", specifier] of code.matchAll(STATIC)) {
      const to = resolveImport(file, specifier);
      if (to) edges.push({ to, dynamic: false, typeOnly: isTypeOnly(clause) });
    }
    for (const [, specifier] of code.matchAll(DYNAMIC)) {
      const to = resolveImport(file, specifier);
      if (to) edges.push({ to, dynamic: true, typeOnly: false });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Every module `start` reaches through its imports (itself left out unless a circle leads back). */
export function reachable(graph: Map<string, ImportEdge[]>, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    for (const { to } of graph.get(stack.pop()!) ?? []) {
      if (seen.has(to)) continue;
      seen.add(to);
      stack.push(to);
    }
  }
  return seen;
}

/** One path of imports from `start` to a module `target` accepts, for a failure message; null when none. */
export function importPath(graph: Map<string, ImportEdge[]>, start: string, target: (file: string) => boolean) {
  const previous = new Map<string, string>([[start, ""]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const { to } of graph.get(file) ?? []) {
      if (previous.has(to)) continue;
      previous.set(to, file);
      if (target(to)) {
        const chain = [to];
        for (let at = file; at; at = previous.get(at)!) chain.unshift(at);
        return chain.join(" -> ");
      }
      queue.push(to);
    }
  }
  return null;
}

/**
 * The import circles: each a list of modules that import each other round, through imports that load a module
 * (a type-only import or an `import("…")` at first use never makes one load before the other).
 */
export function importCircles(graph: Map<string, ImportEdge[]>): string[][] {
  // Tarjan's strongly connected components; a component of more than one module (or one importing itself) is a circle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const { to, dynamic, typeOnly } of graph.get(file) ?? []) {
      if (dynamic || typeOnly || !graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = graph.get(file)!.some(({ to, dynamic, typeOnly }) => to === file && !dynamic && !typeOnly);
    if (component.length > 1 || selfImport) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
