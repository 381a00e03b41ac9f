import type { insights as english } from "../en/insights";

/** Spanish: insights. */
export const insights: Record<keyof typeof english, string> = {
  "insights.title": "Estadísticas del flujo",
  "insights.window": "Periodo",
  "insights.days.one": "Último {count} día",
  "insights.days.other": "Últimos {count} días",
  "insights.chartTitle": "Pedidos enviados al flujo por día",
  "insights.chartUnavailable": "No se pudo cargar el gráfico. Recarga la página para intentarlo de nuevo.",
  "insights.chartEmpty": "Aún no hay pedidos en este periodo.",
  "insights.day": "Día",
  "insights.series.delivered": "Enviados",
  "insights.series.retrying": "Reintentando",
  "insights.series.failed": "Sin enviar",
  "insights.series.flowFailed": "El flujo falló",
  "insights.flowsTitle": "Resultados por flujo",
  "insights.flowsEmpty": "Ningún pedido llegó a un flujo en este periodo.",
  "insights.flow": "Flujo",
  "insights.triggered": "Enviados al flujo",
  "insights.confirmed": "Terminados",
  "insights.flowFailures": "El flujo falló",
  "insights.finishRate": "Porcentaje terminado",
  "insights.rate": "Tasa de confirmación",
  "insights.timingTitle": "Tiempo del pedido al flujo",
  "insights.timingHelp": "Desde que tu tienda avisa del pedido hasta que la plataforma de automatización lo recibe.",
  "insights.p50": "Tiempo típico (mediana)",
  "insights.p95": "Los más lentos (95 de cada 100 tardan menos)",
  "insights.orders.one": "{count} pedido medido",
  "insights.orders.other": "{count} pedidos medidos",
  "insights.noTiming": "Ningún pedido llegó al flujo en este periodo.",
  "insights.notApplicable": "No aplica",
  "insights.cartFlowHelp":
    "Un flujo de carritos abandonados escribe a compradores que aún no hicieron un pedido: sus terminados no aplican.",
  "insights.recovered.one": "{count} pedido recuperado: tu tienda nunca avisó de él y la app lo encontró al revisar",
  "insights.recovered.other":
    "{count} pedidos recuperados: tu tienda nunca avisó de ellos y la app los encontró al revisar",
  // Los días de las estadísticas.
  "insights.timeZone": "Los días van de medianoche a medianoche en la zona horaria de tu tienda, {zone}.",
  "insights.answers.title": "Respuestas de los compradores",
  "insights.answers.confirmed": "Confirmaron: {count}",
  "insights.answers.refused": "Rechazaron: {count}",
  "insights.answers.noAnswer": "Sin respuesta: {count}",
  "insights.answers.waiting": "Esperando respuesta ahora: {count}",
  "insights.answers.help":
    "Lo que respondió el comprador, según tus reglas de respuesta. No es el resultado del flujo: un flujo puede terminar sin que el comprador confirme.",
  "insights.answers.time": "Tiempo de respuesta: mediana {p50}, el 95 % en {p95} o menos",
};
