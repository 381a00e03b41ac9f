// negotiator 1.x ships no types, and @types/negotiator describes 0.6 (no `preferred` option): the part the static
// files use (server/static-files.ts).
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The best of `available` by the request's Accept-Encoding; ties go to the earlier in `preferred`. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
