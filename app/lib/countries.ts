/**
 * The countries the supplier marketplace integration supports. The field id selects the automation
 * platform's bot field that stores the shop's supplier token for that country.
 * Plain data (no server imports): the admin page's country picker reads the same table.
 */
export const SUPPLIER_COUNTRIES = [
  { code: "CO", name: "Colombia", botFieldId: "640597" },
  { code: "EC", name: "Ecuador", botFieldId: "805359" },
  { code: "CL", name: "Chile", botFieldId: "665134" },
  { code: "GT", name: "Guatemala", botFieldId: "747995" },
  { code: "MX", name: "Mexico", botFieldId: "641097" },
  { code: "PA", name: "Panama", botFieldId: "742965" },
  { code: "PE", name: "Peru", botFieldId: "142979" },
  { code: "PY", name: "Paraguay", botFieldId: "240677" },
] as const;

export type SupplierCountryCode = (typeof SUPPLIER_COUNTRIES)[number]["code"];

export const SUPPLIER_COUNTRY_CODES = SUPPLIER_COUNTRIES.map((country) => country.code) as [
  SupplierCountryCode,
  ...SupplierCountryCode[],
];

export function botFieldIdFor(code: SupplierCountryCode): string {
  const country = SUPPLIER_COUNTRIES.find((candidate) => candidate.code === code);
  if (!country) throw new Error(`Unsupported supplier country ${code}`);
  return country.botFieldId;
}
