import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROOT } from "./engines";

/** The server entry and the modules of its own it imports (each as `./<name>.js`). */
const SOURCES = ["server/app-server.ts", "server/static-files.ts"].map((file) => path.join(ROOT, file));

/** The production server's entry as `npm run build` emits it: what `npm start` and the stack run. */
export const SERVER_ENTRY = "build/server/app-server.js";

/**
 * Emits server/app-server.ts, and the module beside it that it imports, as JavaScript beside the Remix server build
 * (docs/decisions/185). Node could strip their types at every start, but that loads a WebAssembly compiler into the
 * app process for two files (18 MB of resident memory); they are erasable TypeScript that imports only Node, Remix
 * and two HTTP packages (compression, negotiator), so their types just go.
 */
export function compileServerEntry(out = path.join(ROOT, SERVER_ENTRY)) {
  for (const source of SOURCES)
    emitJavaScript(source, path.join(path.dirname(out), `${path.basename(source, ".ts")}.js`));
}

/** One erasable TypeScript module as JavaScript, its imports as they are: what `npm run build` emits file by file. */
export function emitJavaScript(source: string, out: string) {
  const { outputText } = ts.transpileModule(readFileSync(source, "utf8"), {
    fileName: source,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
  });
  mkdirSync(path.dirname(out), { recursive: true });
  const name = path.relative(ROOT, source);
  writeFileSync(out, `// Emitted by \`npm run build\` from ${name}: edit that file.\n${outputText}`);
}
