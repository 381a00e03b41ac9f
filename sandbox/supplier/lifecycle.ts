/**
 * The marketplace's order lifecycle as its integrators describe it (docs/decisions/325): the statuses, the main
 * path an order walks when nothing goes wrong, the scripted detours a test can put an order on, and the spellings
 * one status arrives in. Pure data and functions: the order store and the clock use them.
 */

/** The main path, from the integration's order to the buyer's door. */
export const MAIN_PATH = [
  "PENDIENTE CONFIRMACION",
  "PENDIENTE",
  "GUIA_GENERADA",
  "PREPARADO PARA TRANSPORTADORA",
  "ADMITIDA",
  "EN BODEGA TRANSPORTADORA",
  "DESPACHADA",
  "EN TRANSPORTE",
  "EN TRANSITO",
  "EN TERMINAL DESTINO",
  "EN REPARTO",
  "ENTREGADO",
] as const;

/** Side branches and endings off the main path. */
export const SIDE_STATUSES = [
  "EN REEXPEDICION",
  "NOVEDAD",
  "NOVEDAD SOLUCIONADA",
  "INTENTO DE ENTREGA",
  "REENVIO",
  "TELEMERCADEO",
  "RECLAME EN OFICINA",
  "DEVOLUCION",
  "EN DEVOLUCION",
  "DEVUELTO",
  "RECHAZADO",
  "GUIA ANULADA",
  "CANCELADO",
  "INDEMNIZADA",
] as const;

export const KNOWN_STATUSES: readonly string[] = [...MAIN_PATH, ...SIDE_STATUSES];

/** Statuses after which nothing moves on its own. */
export const FINAL_STATUSES = new Set([
  "ENTREGADO",
  "DEVUELTO",
  "RECHAZADO",
  "GUIA ANULADA",
  "CANCELADO",
  "INDEMNIZADA",
]);

const upTo = (status: (typeof MAIN_PATH)[number]) => MAIN_PATH.slice(0, MAIN_PATH.indexOf(status) + 1);

/** Whole journeys from creation; an order on a script walks what is left of it after its current status. */
export const SCRIPTS = {
  delivered: [...MAIN_PATH],
  "novedad-then-solved": [
    ...upTo("EN TRANSITO"),
    "NOVEDAD",
    "NOVEDAD SOLUCIONADA",
    "EN TERMINAL DESTINO",
    "EN REPARTO",
    "ENTREGADO",
  ],
  "failed-attempt": [...upTo("EN REPARTO"), "INTENTO DE ENTREGA", "REENVIO", "EN REPARTO", "ENTREGADO"],
  "office-pickup": [...upTo("EN TERMINAL DESTINO"), "RECLAME EN OFICINA", "ENTREGADO"],
  reexpedition: [...upTo("EN TRANSITO"), "EN REEXPEDICION", "EN TERMINAL DESTINO", "EN REPARTO", "ENTREGADO"],
  return: [...upTo("EN REPARTO"), "INTENTO DE ENTREGA", "DEVOLUCION", "EN DEVOLUCION", "DEVUELTO"],
  rejected: [...upTo("EN REPARTO"), "RECHAZADO"],
  cancelled: ["PENDIENTE CONFIRMACION", "CANCELADO"],
  "label-voided": [...upTo("GUIA_GENERADA"), "GUIA ANULADA"],
  lost: [...upTo("EN TRANSITO"), "NOVEDAD", "INDEMNIZADA"],
} satisfies Record<string, readonly string[]>;

export type ScriptName = keyof typeof SCRIPTS;

export const isScriptName = (name: unknown): name is ScriptName =>
  typeof name === "string" && Object.hasOwn(SCRIPTS, name);

/**
 * What is left of a script for an order whose history is `history` (canonical statuses, oldest first): the steps
 * after the last status of the history the script also has at or after the walked position.
 */
export function remainingSteps(script: readonly string[], history: readonly string[]): string[] {
  let position = -1;
  for (const status of history) {
    const found = script.indexOf(status, position + 1);
    if (found >= 0) position = found;
  }
  return script.slice(position + 1);
}

/** How one deployment or carrier spells a status (the reference's `statusSpellings`). */
export const SPELLINGS = [
  "canonical",
  "underscores",
  "spaces",
  "accents",
  "lower",
  "title",
  "padded",
  "feminine",
] as const;
export type Spelling = (typeof SPELLINGS)[number];

export const isSpelling = (value: unknown): value is Spelling =>
  typeof value === "string" && (SPELLINGS as readonly string[]).includes(value);

const ACCENTED: Record<string, string> = {
  CONFIRMACION: "CONFIRMACIÓN",
  GUIA: "GUÍA",
  TRANSITO: "TRÁNSITO",
  DEVOLUCION: "DEVOLUCIÓN",
  REEXPEDICION: "REEXPEDICIÓN",
  REENVIO: "REENVÍO",
};

/** `status` as `spelling` writes it; an unknown status is spelled the same way, word by word. */
export function spell(status: string, spelling: Spelling): string {
  switch (spelling) {
    case "canonical":
      return status;
    case "underscores":
      return status.replace(/ /g, "_");
    case "spaces":
      return status.replace(/_/g, " ");
    case "accents":
      return status
        .split(/([ _])/)
        .map((word) => ACCENTED[word] ?? word)
        .join("");
    case "lower":
      return status.toLowerCase();
    case "title":
      return status.charAt(0) + spell(status, "accents").slice(1).toLowerCase();
    case "padded":
      return ` ${status} `;
    case "feminine":
      return status.replace(/ENTREGADO$/, "ENTREGADA").replace(/DEVUELTO$/, "DEVUELTA");
  }
}

/** The canonical status a spelling stands for (the simulator's own reading, so scripts continue after a variant). */
export function canonical(raw: string): string {
  const folded = raw
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toUpperCase()
    .replace(/\s+/g, " ");
  const spaced = folded.replace(/_/g, " ");
  const found = KNOWN_STATUSES.find((status) => status.replace(/_/g, " ") === spaced);
  if (found) return found;
  if (spaced === "ENTREGADA") return "ENTREGADO";
  if (spaced === "DEVUELTA") return "DEVUELTO";
  return folded;
}
