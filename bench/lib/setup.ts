import { rmSync } from "node:fs";
import path from "node:path";
import { prepareDatabase, ROOT } from "../../sandbox/stack";

/** A numeric `--name N` argument of a bench, or its default. */
export function option(argv: string[], name: string, fallback: number) {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : fallback;
}

/** A migrated SQLite file of the bench's own under tmp/bench, emptied first; returns its path. */
export function freshBenchDatabase(name: string) {
  const file = path.join(ROOT, "tmp/bench", `${name}.sqlite`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  prepareDatabase(file);
  return file;
}
