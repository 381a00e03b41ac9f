import type { incidents as en } from "../en/incidents";

/** Español: el flujo de novedades de entrega y lo que responde el comprador (decisiones 330, 331). */
export const incidents: Record<keyof typeof en, string> = {
  "incidents.settings.title": "Novedades",
  "incidents.settings.description":
    "Cuando un paquete tiene una novedad de entrega (un intento fallido, espera en oficina), este flujo le escribe al comprador por WhatsApp, una vez por novedad.",
  "incidents.settings.flow": "Flujo de novedades",
  "incidents.settings.flowNone": "Ninguno (no escribirle al comprador)",
  "incidents.settings.stuck": "También cuando un paquete está quieto",
  "incidents.settings.stuckHelp":
    "Un paquete que lleva más tiempo sin moverse del que suele tardar su transportadora también activa el flujo, una vez por etapa.",
  "incidents.settings.openIncidents.one":
    "Si eliges un flujo, también le escribirá ahora al comprador de {count} paquete con una novedad sin resolver reportada en los últimos 3 días, una sola vez.",
  "incidents.settings.openIncidents.other":
    "Si eliges un flujo, también les escribirá ahora a los compradores de {count} paquetes con una novedad sin resolver reportada en los últimos 3 días, una vez a cada uno.",
  "incidents.settings.stuckNow.one":
    "Si lo activas, también le escribirá al comprador de {count} paquete quieto ahora, una sola vez.",
  "incidents.settings.stuckNow.other":
    "Si lo activas, también les escribirá a los compradores de {count} paquetes quietos ahora, una vez a cada uno.",
  "incidents.settings.tagPrefix": "Prefijo de la etiqueta de la respuesta",
  "incidents.settings.tagPrefixHelp": "La respuesta le agrega al pedido una etiqueta como {example}.",
  "incidents.settings.save": "Guardar",
  "incidents.settings.saved": "Flujo de novedades guardado",
  "incidents.answer.new_date": "Pidió nueva fecha",
  "incidents.answer.new_date.day": "Pidió nueva fecha: {day}",
  "incidents.answer.new_address": "Dio una nueva dirección",
  "incidents.answer.new_address.text": "Dio una nueva dirección: {address}",
  "incidents.answer.office_pickup": "Lo recoge en la oficina",
  "incidents.answer.refused": "No quiere el paquete",
  "incidents.answer.heading": "Respuesta del comprador a la novedad",
  "incidents.answer.at": "Respondió {time}",
};
