/** A field the platform answers null with an error of its own (`errors[].extensions.code`), the rest still answered. */
export class GraphqlFieldError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
