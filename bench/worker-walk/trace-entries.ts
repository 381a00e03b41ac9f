import path from "node:path";
import ts from "typescript";
import type { Plugin } from "vite";

/**
 * A Vite plugin for the worker-walk measurement only: every function of a module under app/ reports its entry to
 * `globalThis.__walk(file, name)` (a no-op unless the measurement set it). Inserted into the TypeScript source
 * before it is compiled, so the app's own code runs as it is, with one call more at each function's start.
 */
export function traceFunctionEntries(root: string): Plugin {
  const appDir = `${path.join(root, "app")}${path.sep}`;
  return {
    name: "worker-walk-trace-entries",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0];
      if (!file.startsWith(appDir) || !/\.(ts|tsx)$/.test(file)) return null;
      return { code: instrument(code, path.relative(root, file).split(path.sep).join("/")), map: null };
    },
  };
}

type Insertion = { at: number; text: string };

function instrument(code: string, file: string): string {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const insertions: Insertion[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const body = node.body as ts.Node;
      const probe = `globalThis.__walk?.(${JSON.stringify(file)}, ${JSON.stringify(nameOf(node))})`;
      if (ts.isBlock(body)) insertions.push({ at: body.getStart(source) + 1, text: `${probe};` });
      else {
        insertions.push({ at: body.getStart(source), text: `(${probe}, ` });
        insertions.push({ at: body.getEnd(), text: ")" });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const { at, text } of insertions.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isMethodDeclaration(node) && node.name) return node.name.getText();
  return "(anonymous)";
}
