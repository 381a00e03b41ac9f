import { TextField } from "@shopify/polaris";

/**
 * A key or token field. The stored value never comes back to the page, only its mask: it shows as the
 * placeholder and in the help text, and an empty field on save keeps the stored one.
 */
export function SecretField({
  label,
  value,
  onChange,
  masked,
  savedHelp,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  masked: string | null | undefined;
  /** The help text naming the stored secret by its mask. */
  savedHelp: (masked: string) => string;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="off"
      value={value}
      onChange={onChange}
      placeholder={masked ?? undefined}
      helpText={masked ? savedHelp(masked) : undefined}
      error={error}
      disabled={disabled}
    />
  );
}
