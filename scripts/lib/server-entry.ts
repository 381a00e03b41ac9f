import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROOT } from "./engines";

const SOURCE = path.join(ROOT, "server/app-server.ts");

/** The production server's entry as `npm run build` emits it: what `npm start` and the stack run. */
export const SERVER_ENTRY = "build/server/app-server.js";

/**
 * Emits server/app-server.ts as JavaScript beside the Remix server build (docs/decisions/185). Node could strip
 * its types at every start, but that loads a WebAssembly compiler into the app process for one file (18 MB of
 * resident memory); the file is erasable TypeScript that imports only Node and Remix, so its types just go.
 */
export function compileServerEntry(out = path.join(ROOT, SERVER_ENTRY)) {
  emitJavaScript(SOURCE, out);
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
