import type { period as english } from "../en/period";

/** Spanish: el periodo de los resultados (docs/decisions/342). */
export const period: Record<keyof typeof english, string> = {
  "period.button": "Periodo de los resultados: {period}",
  "period.presets": "Rango de fechas",
  "period.preset.today": "Hoy",
  "period.preset.last7": "Últimos 7 días",
  "period.preset.last30": "Últimos 30 días",
  "period.preset.thisMonth": "Este mes",
  "period.preset.lastMonth": "Mes pasado",
  "period.preset.custom": "Personalizado",
  "period.from": "Desde",
  "period.to": "Hasta",
  "period.dayFormat": "AAAA-MM-DD",
  "period.range": "{from} – {to}",
  "period.apply": "Aplicar",
  "period.cancel": "Cancelar",
  "period.problem.notADay": "«{value}» no es una fecha: escríbela como AAAA-MM-DD.",
  "period.problem.half": "Escribe el inicio y el fin del periodo.",
  "period.problem.future": "El {value} aún no llega en la zona horaria de tu tienda: elige hoy o un día anterior.",
  "period.problem.reversed": "El inicio no puede ser después del fin.",
  "period.problem.tooLong": "Elige como máximo {max} días.",
  "period.refused.title": "No se pudo usar el periodo del enlace",
  "period.refused.shown": "Los resultados de abajo son del {from} al {to}.",
};
