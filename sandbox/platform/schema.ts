import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import {
  buildClientSchema,
  getLocation,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  print,
  validate,
  visit,
  type ASTNode,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";

import { API_VERSION } from "../../app/services/platform/api-version";

/**
 * The platform's published Admin API schema of each version the repository holds (the introspections committed in
 * app/types/, app/types/README.md), and the static validation the platform runs on every operation before executing
 * it. The simulator refuses what the platform would refuse, in the platform's words (graphql-ruby's messages and
 * `extensions.code`), so an operation the real Admin API rejects fails in tests too (docs/decisions/267, 280).
 */

/** The published introspection of one version, committed gzipped (only the app's configured version today). */
export const adminSchemaFile = (version: string) =>
  fileURLToPath(new URL(`../../app/types/admin-${version}.introspection.json.gz`, import.meta.url));

/** Whether the simulator holds the published schema of this version. */
export const hasAdminSchema = (version: string) => existsSync(adminSchemaFile(version));

export interface PlatformGraphqlError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions: Record<string, unknown> & { code: string };
}

const schemas = new Map<string, GraphQLSchema>();

/**
 * Built at first use, not at import: unpacking and building the 9 MB introspection takes a few hundred ms. The
 * version defaults to the one the app is configured for (app/services/platform/api-version.ts).
 */
export function adminSchema(version: string = API_VERSION): GraphQLSchema {
  let schema = schemas.get(version);
  if (!schema) {
    const introspection = JSON.parse(gunzipSync(readFileSync(adminSchemaFile(version))).toString("utf8")) as {
      data: IntrospectionQuery;
    };
    // The introspection comes from the platform itself: validating it again would only add time.
    schema = buildClientSchema(introspection.data, { assumeValid: true });
    schemas.set(version, schema);
  }
  return schema;
}

/** The app sends a few dozen distinct documents; each is parsed and validated once per version, not per request. */
const verdicts = new Map<string, { errors: PlatformGraphqlError[]; document?: DocumentNode }>();
const MAX_REMEMBERED = 1_000;

/**
 * The errors the platform answers for this request before running it; empty when it is valid. The document is
 * checked first; then, as the platform does, the variables' values against the types the operation declares.
 */
export function validateOperation(
  query: string,
  variables: Record<string, unknown> = {},
  version: string = API_VERSION,
): PlatformGraphqlError[] {
  const verdict = verdictOn(query, version);
  if (verdict.errors.length || !verdict.document) return verdict.errors;
  return invalidVariables(adminSchema(version), verdict.document, variables);
}

/** The document's own errors (syntax, fields, arguments, declared variables), whatever values are sent. */
export function validateDocument(query: string, version: string = API_VERSION): PlatformGraphqlError[] {
  return verdictOn(query, version).errors;
}

function verdictOn(query: string, version: string) {
  const key = `${version}\n${query}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = check(query, adminSchema(version));
    if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
    verdicts.set(key, verdict);
  }
  return verdict;
}

function check(query: string, schema: GraphQLSchema): { errors: PlatformGraphqlError[]; document?: DocumentNode } {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return {
      errors: [
        {
          message: `syntax error, ${error.message.replace(/^Syntax Error: /, "")}`,
          locations: error.locations ? [...error.locations] : undefined,
          extensions: { code: "parseError" },
        },
      ],
    };
  }
  return { errors: validate(schema, document).map((error) => asPlatformError(document, error)), document };
}

/** graphql-ruby's INVALID_VARIABLE: which variable, the value sent, and where inside it the problem is. */
function invalidVariables(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): PlatformGraphqlError[] {
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const definitions = operation?.variableDefinitions ?? [];
  if (!definitions.length) return [];
  const coerced = getVariableValues(schema, definitions, variables);
  return (coerced.errors ?? []).map((error) => {
    const [, name = "", at, explanation = error.message] =
      /^Variable "\$(\w+)" got invalid value .*?(?: at "(.+?)")?; ([\s\S]+)$/.exec(error.message) ??
      /^Variable "\$(\w+)" (?:of required type .+ was not provided|of non-null type .+ must not be null)\.$/
        .exec(error.message)
        ?.concat([undefined as unknown as string, "Expected value to not be null"]) ??
      [];
    const definition = definitions.find((candidate) => candidate.variable.name.value === name);
    // graphql-js writes the place as `product.variants[0].id`; graphql-ruby as a path below the variable.
    const path = (at ?? name)
      .split(/\.|\[(\d+)\]/)
      .filter(Boolean)
      .slice(1);
    const problemPath: (string | number)[] = path.map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    // graphql-ruby names an unknown input field in the path, not in the explanation.
    const unknownField = /^Field "(\w+)" is not defined by type "(\w+)"/.exec(explanation);
    if (unknownField) problemPath.push(unknownField[1]);
    const problem = unknownField ? `Field is not defined on ${unknownField[2]}` : explanation.replace(/\.$/, "");
    return {
      message:
        `Variable $${name} of type ${definition ? print(definition.type) : "?"} was provided invalid value` +
        (problemPath.length ? ` for ${problemPath.join(".")} (${problem})` : ""),
      locations: definition?.loc ? [getLocation(definition.loc.source, definition.loc.start)] : undefined,
      extensions: {
        code: "INVALID_VARIABLE",
        value: variables[name] ?? null,
        problems: [{ path: problemPath, explanation: problem }],
      },
    };
  });
}

/** The path graphql-ruby reports: "query Name" (or "mutation Name"), then each response key and argument name. */
function pathTo(document: DocumentNode, target: ASTNode | undefined): (string | number)[] | undefined {
  if (!target) return undefined;
  let found: (string | number)[] | undefined;
  const step = (node: ASTNode): string | undefined => {
    switch (node.kind) {
      case "OperationDefinition":
        return node.name ? `${node.operation} ${node.name.value}` : node.operation;
      case "FragmentDefinition":
        return `fragment ${node.name.value}`;
      case "Field":
        return (node.alias ?? node.name).value;
      case "Argument":
      case "ObjectField":
        return node.name.value;
      default:
        return undefined;
    }
  };
  visit(document, {
    enter(node, _key, parent, _path, ancestors) {
      if (found || node !== target) return undefined;
      // graphql-js's ancestors stop before the parent.
      found = [...ancestors, parent, node]
        .filter((ancestor): ancestor is ASTNode => !!ancestor && !Array.isArray(ancestor) && "kind" in ancestor)
        .map(step)
        .filter((key): key is string => key !== undefined);
      return false;
    },
  });
  return found;
}

type Translation = (
  match: RegExpExecArray,
  path: (string | number)[] | undefined,
) => { message: string; extensions: PlatformGraphqlError["extensions"] };

/** graphql-js's wording of the common static errors, and graphql-ruby's (the platform's) for the same rule. */
const TRANSLATIONS: [RegExp, Translation][] = [
  [
    /^Cannot query field "(\w+)" on type "(\w+)"/,
    ([, fieldName, typeName]) => ({
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
      extensions: { code: "undefinedField", typeName, fieldName },
    }),
  ],
  [
    /^Unknown argument "(\w+)" on field "\w+\.(\w+)"/,
    ([, argumentName, name]) => ({
      message: `Field '${name}' doesn't accept argument '${argumentName}'`,
      extensions: { code: "argumentNotAccepted", name, typeName: "Field", argumentName },
    }),
  ],
  [
    /^Field "(\w+)" of required type "(.+)" was not provided/,
    ([, argumentName, argumentType]) => ({
      message: `Argument '${argumentName}' is required. Expected type ${argumentType}`,
      extensions: { code: "missingRequiredInputObjectAttribute", argumentName, argumentType },
    }),
  ],
  [
    /^Field "(\w+)" is not defined by type "(\w+)"/,
    ([, argumentName, name]) => ({
      message: `InputObject '${name}' doesn't accept argument '${argumentName}'`,
      extensions: { code: "argumentNotAccepted", name, typeName: "InputObject", argumentName },
    }),
  ],
  [
    /^Field "(\w+)" argument "(\w+)" of type "(.+)" is required, but it was not provided/,
    ([, name, argument]) => ({
      message: `Field '${name}' is missing required arguments: ${argument}`,
      extensions: { code: "missingRequiredArguments", className: "Field", name, arguments: argument },
    }),
  ],
  [
    /^Field "(\w+)" of type "(.+)" must have a selection of subfields/,
    ([, name, type]) => ({
      message: `Field must have selections (field '${name}' returns ${type.replace(/[[\]!]/g, "")} but has no selections. Did you mean '${name} { ... }'?)`,
      extensions: { code: "selectionMismatch", nodeName: `field '${name}'`, typeName: type.replace(/[[\]!]/g, "") },
    }),
  ],
  [
    /^Field "(\w+)" must not have a selection since type "(.+)" has no subfields/,
    ([, name, type]) => ({
      message: `Selections can't be made on scalars (field '${name}' returns ${type} but has selections [...])`,
      extensions: { code: "selectionMismatch", nodeName: `field '${name}'`, typeName: type },
    }),
  ],
  [
    /^Variable "\$(\w+)" is never used(?: in operation "(\w+)")?/,
    ([, variableName, operation]) => ({
      message: `Variable $${variableName} is declared by ${operation ?? "anonymous query"} but not used`,
      extensions: { code: "variableNotUsed", variableName },
    }),
  ],
  [
    /^Variable "\$(\w+)" is not defined(?: by operation "(\w+)")?/,
    ([, variableName, operation]) => ({
      message: `Variable $${variableName} is used by ${operation ?? "anonymous query"} but not declared`,
      extensions: { code: "variableNotDefined", variableName },
    }),
  ],
  [
    /^Variable "\$(\w+)" of type "(.+)" used in position expecting type "(.+)"/,
    ([, variableName, declared, expected]) => {
      const nullability = declared.replace(/!$/, "") === expected.replace(/!$/, "");
      return {
        message: `${nullability ? "Nullability" : "Type"} mismatch on variable $${variableName} (${declared} / ${expected})`,
        extensions: { code: "variableMismatch", variableName, typeName: declared },
      };
    },
  ],
  [
    /^Unknown type "(\w+)"/,
    ([, typeName]) => ({
      message: `${typeName} isn't a defined input type`,
      extensions: { code: "variableRequiresValidType", typeName },
    }),
  ],
  [
    /^Value "(\w+)" does not exist in "(\w+)" enum/,
    ([, value, expected], path) => literalIncompatible(path, value, expected),
  ],
  [/^(\w+) cannot represent [^:]*: (.+)$/, ([, expected, value], path) => literalIncompatible(path, value, expected)],
  [
    /^Expected value of type "(.+?)", found (.+?)[.;]/,
    ([, expected, value], path) => literalIncompatible(path, value, expected),
  ],
];

/** graphql-ruby names the argument whose literal its type cannot hold, and that type. */
function literalIncompatible(path: (string | number)[] | undefined, value: string, expected: string) {
  const argumentName = String(path?.at(-1) ?? "");
  const field = String(path?.at(-2) ?? "");
  return {
    message: `Argument '${argumentName}' on Field '${field}' has an invalid value (${value}). Expected type '${expected}'.`,
    extensions: { code: "argumentLiteralsIncompatible", typeName: "Field", argumentName },
  };
}

function asPlatformError(document: DocumentNode, error: GraphQLError): PlatformGraphqlError {
  const path = pathTo(document, error.nodes?.[0]);
  const locations = error.locations ? [...error.locations] : undefined;
  const translated = TRANSLATIONS.map(([pattern, translate]) => {
    const match = pattern.exec(error.message);
    return match ? translate(match, path) : null;
  }).find((candidate) => candidate !== null);
  // A rule with no graphql-ruby wording here keeps graphql-js's message: still refused, as on the platform.
  const { message, extensions } = translated ?? { message: error.message, extensions: { code: "validationError" } };
  return { message, ...(locations ? { locations } : {}), ...(path ? { path } : {}), extensions };
}
