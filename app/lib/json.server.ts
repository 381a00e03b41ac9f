import { AppError } from "./http.server";

/**
 * How deep a JSON body may nest. The deepest body the platform or the admin sends is about ten levels (an order's
 * line item's variant's product); a body thousands of levels deep is an attack: V8 parses it, but every recursive
 * step after that (JSON.stringify, validation) runs out of stack.
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP = `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`;

/** The deepest nesting of a JSON text, counted without parsing (brackets inside strings do not count). */
export function exceedsJsonDepth(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Parses JSON from a request: too deep is a 400 that says so, malformed a 400 with `invalidMessage`. The one way
 * the app parses a JSON text it was sent.
 */
export function parseJsonInput(text: string, invalidMessage = "The body is not valid JSON"): unknown {
  if (exceedsJsonDepth(text)) throw new AppError(400, TOO_DEEP, "json_too_deep");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, invalidMessage, "invalid_json");
  }
}
