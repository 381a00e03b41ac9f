import { failureOf } from "~/lib/errors";
import { useWrite } from "~/components/use-write";

/**
 * A form's writes through the page's action: the failure of the last one until the merchant dismisses it or
 * starts another.
 */
export function useFormAction<Result extends Record<string, unknown>>(
  section: "automation" | "supplier",
  onDone: (result: { success: true; intent: string } & Partial<Result>) => void,
) {
  const operation = useWrite<{ success: true } & Partial<Result>>(undefined, onDone);
  const pending = (["test", "save"] as const).find((name) => operation.pending(`${section}-${name}`));
  return {
    busy: operation.busy,
    pending,
    failure: operation.failure,
    dismiss: operation.clear,
    submit: (name: "test" | "save", fields: Record<string, string | undefined>) =>
      operation.submit(`${section}-${name}`, fields),
  };
}

export type FieldErrors = Partial<Record<string, string>>;

/**
 * A failed save or test shown on the field it concerns (docs/decisions/101-error-codes.md): the server's field
 * name, or the field a code is about, mapped to the form's own field. Null: it belongs in the banner.
 */
export function failedField(error: unknown, fields: Record<string, string>): string | null {
  const { code, field } = failureOf(error);
  return (field && fields[field]) || (code && fields[`code:${code}`]) || null;
}

export const AUTOMATION_FIELDS: Record<string, string> = {
  apiKey: "apiKey",
  newOrderFlowId: "newOrderFlowId",
  abandonedCartFlowId: "abandonedCartFlowId",
  "code:automation_key_refused": "apiKey",
  "code:conflict": "apiKey",
};
export const SUPPLIER_FIELDS: Record<string, string> = {
  store_name: "storeName",
  country: "country",
  supplier_token: "token",
  "code:bad_token": "token",
  "code:bot_field_refused": "token",
};
