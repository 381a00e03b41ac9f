import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { PRECOMPRESSED } from "../../server/static-files";
import { ROOT } from "./engines";

/** Text the browser loads from build/client; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".js", ".css", ".json", ".svg", ".map", ".txt", ".html"]);
/** Under this, an encoded copy saves less than its headers and a decoder's start cost. */
const SMALLEST_BYTES = 1024;

const ENCODERS: Record<(typeof PRECOMPRESSED)[number]["encoding"], (bytes: Buffer) => Promise<Buffer>> = {
  // Written once per build, read on every first visit: the slowest, smallest settings.
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: constants.Z_BEST_COMPRESSION }),
};

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the client build, which
 * server/static-files.ts serves by the request's Accept-Encoding (docs/decisions/296). A copy that would not be
 * smaller is not written (and a stale one is removed). Returns the files it wrote.
 */
export async function precompressAssets(clientDir = path.join(ROOT, "build/client")) {
  const files = readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(clientDir, file))
    .filter((file) => COMPRESSIBLE.has(path.extname(file)) && statSync(file).isFile());
  const written: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const bytes = readFileSync(file);
      for (const { encoding, suffix } of PRECOMPRESSED) {
        const encoded = bytes.length >= SMALLEST_BYTES ? await ENCODERS[encoding](bytes) : null;
        if (encoded && encoded.length < bytes.length) {
          writeFileSync(file + suffix, encoded);
          written.push(file + suffix);
        } else {
          rmSync(file + suffix, { force: true });
        }
      }
    }),
  );
  return written.sort();
}
