import type { polling as en } from "../en/polling";

/** Español: cómo las consultas al marketplace cubren un aviso de estado perdido (decisión 328). */
export const polling: Record<keyof typeof en, string> = {
  "polling.title": "Cuando se pierde un aviso de estado",
  "polling.when.one":
    "La app consulta un pedido al marketplace cuando su paquete lleva en su etapa más tiempo del que suele tardar su transportadora, más {count} hora.",
  "polling.when.other":
    "La app consulta un pedido al marketplace cuando su paquete lleva en su etapa más tiempo del que suele tardar su transportadora, más {count} horas.",
  "polling.reach.one":
    "{count} pedido abierto comparte {calls} consultas por hora al marketplace: un paquete que parece atrasado se consulta en alrededor de {within}, así que un estado perdido aparece en alrededor de {within} desde que el paquete parece atrasado.",
  "polling.reach.other":
    "{count} pedidos abiertos comparten {calls} consultas por hora al marketplace: un paquete que parece atrasado se consulta en alrededor de {within}, así que un estado perdido aparece en alrededor de {within} desde que el paquete parece atrasado.",
  "polling.minutes.one": "{count} minuto",
  "polling.minutes.other": "{count} minutos",
  "polling.hours.one": "{count} hora",
  "polling.hours.other": "{count} horas",
};
