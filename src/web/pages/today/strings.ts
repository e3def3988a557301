import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: { title: 'Today', morning: 'Good morning, {name}', afternoon: 'Good afternoon, {name}', evening: 'Good evening, {name}' },
  de: { title: 'Heute', morning: 'Guten Morgen, {name}', afternoon: 'Guten Tag, {name}', evening: 'Guten Abend, {name}' },
  fr: { title: "Aujourd'hui", morning: 'Bonjour, {name}', afternoon: 'Bon après-midi, {name}', evening: 'Bonsoir, {name}' },
  es: { title: 'Hoy', morning: 'Buenos días, {name}', afternoon: 'Buenas tardes, {name}', evening: 'Buenas noches, {name}' },
})
