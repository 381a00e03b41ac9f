import { argument, GraphqlFieldError, type RootField } from "./graphql";

/** An input object argument; the simulator reads input objects from variables, as the app sends them. */
export function inputOf<T>(field: RootField, name: string, variables: Record<string, unknown>): T {
  const value = argument(field, name, variables);
  if (!value || typeof value !== "object")
    throw new GraphqlFieldError(`The simulator reads ${name} from a variable`, "argumentLiteralsIncompatible");
  return value as T;
}
