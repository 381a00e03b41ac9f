import pino from "pino";
import { vi } from "vitest";
import { logger } from "~/logger.server";

/**
 * Captures what the logger writes, at every level, until the returned `stop`. The lines are the
 * exact bytes that would reach the log destination, after redaction.
 */
export function captureLogs() {
  const lines: string[] = [];
  const stream = (logger as unknown as Record<symbol, { write: (line: string) => void }>)[pino.symbols.streamSym];
  const previousLevel = logger.level;
  logger.level = "trace";
  const spy = vi.spyOn(stream, "write").mockImplementation((line: string) => {
    lines.push(line);
  });
  return {
    lines,
    text: () => lines.join(""),
    stop() {
      spy.mockRestore();
      logger.level = previousLevel;
    },
  };
}
