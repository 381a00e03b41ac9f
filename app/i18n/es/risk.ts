import type { risk as en } from "../en/risk";

/** Español: el riesgo de devolución donde lo lee el comerciante, la lista de teléfonos bloqueados y la vista previa. */
export const risk: Record<keyof typeof en, string> = {
  "risk.level.low": "Bajo",
  "risk.level.medium": "Medio",
  "risk.level.high": "Alto",
  "risk.score": "Riesgo de devolución {score}/100",
  "risk.scoreShort": "{score}/100",
  "risk.none": "Sin puntaje",
  "risk.assessment.summary": "Riesgo de devolución {score}/100 ({level}), según el historial de pedidos de esta tienda",
  "risk.reason.phone_returns": "{count} pedidos anteriores de este teléfono fueron devueltos",
  "risk.reason.phone_refusals": "{count} pedidos anteriores de este teléfono fueron rechazados en la entrega",
  "risk.reason.buyer_refused": "El comprador rechazó {count} pedidos anteriores por WhatsApp",
  "risk.reason.blocked_phone": "El teléfono está en la lista de bloqueados de la tienda",
  "risk.reason.no_mobile": "Sin celular utilizable",
  "risk.reason.likely_duplicate": "Parece repetir un pedido reciente",
  "risk.reason.high_value": "Total del pedido por encima del habitual de la tienda",
  "risk.reason.first_order": "Primer pedido de este teléfono",
  "risk.reason.delivered_before": "{count} pedidos anteriores de este teléfono fueron entregados",
  "risk.reason.other": "Otra señal ({code})",
  "risk.points.up": "+{points} puntos",
  "risk.points.down": "{points} puntos",
  "deliveryError.held_blocked_phone":
    "Retenido: el teléfono del comprador está en tu lista de bloqueados. Se etiquetó automation-blocked-phone para tu equipo",
  "deliveryError.blocked_phone": "No se envió: el teléfono del comprador está en tu lista de bloqueados (tu regla)",
  "error.invalid_phone": "Escribe un teléfono válido, con su código de país si es del exterior.",
  "error.blocklist_full": "La lista de bloqueados está llena ({limit} teléfonos): quita algunos antes de agregar más.",
};
