/** Titles and messages of the alerts on the notification channels, in the user's language (en, de, fr, es). */
import type { AlertKind } from './times'
import { languageOf, type Language } from '../users/setting-values'

export type MessageKind = AlertKind | 'test'

const TITLES: Record<Language, Record<MessageKind, string>> = {
  en: { your_day: 'Your day ahead', check_in: 'Daily check-in reminder', test: 'daybook test notification', weekly: 'Your week' },
  de: { your_day: 'Dein Tag', check_in: 'Erinnerung an den täglichen Check-in', test: 'daybook-Testbenachrichtigung', weekly: 'Deine Woche' },
  fr: { your_day: 'Votre journée', check_in: 'Rappel du check-in quotidien', test: 'Notification de test daybook', weekly: 'Votre semaine' },
  es: { your_day: 'Tu día', check_in: 'Recordatorio del check-in diario', test: 'Notificación de prueba de daybook', weekly: 'Tu semana' },
}

/** The reminder; `own` is the line naming the person's own trackers, empty without any. */
const REMINDER: Record<Language, (link: string, own: string) => string> = {
  en: (link, own) => `Have you completed your daily check-in yet?${own && `\nYour trackers: ${own}`}\nCheck in: ${link}`,
  de: (link, own) => `Hast du deinen täglichen Check-in schon gemacht?${own && `\nDeine Tracker: ${own}`}\nZum Check-in: ${link}`,
  fr: (link, own) => `Avez-vous déjà fait votre check-in du jour ?${own && `\nVos suivis : ${own}`}\nFaire le check-in : ${link}`,
  es: (link, own) => `¿Ya has hecho tu check-in de hoy?${own && `\nTus registros: ${own}`}\nHacer el check-in: ${link}`,
}

const TEST: Record<Language, string> = {
  en: 'This is a test. Your daybook alerts will arrive here.',
  de: 'Dies ist ein Test. Deine daybook-Benachrichtigungen kommen hier an.',
  fr: 'Ceci est un test. Vos alertes daybook arriveront ici.',
  es: 'Esto es una prueba. Tus avisos de daybook llegarán aquí.',
}


export function alertTitle(language: string, kind: MessageKind): string {
  return TITLES[languageOf(language)][kind]
}

/** The reminder with `link` to the day's check-in (a channel's own: with a day pass, or the plain page). */
export function reminderMessage(language: string, link: string, ownTrackers: readonly string[] = []): string {
  return REMINDER[languageOf(language)](link, ownTrackers.join(', '))
}

export function testMessage(language: string): string {
  return TEST[languageOf(language)]
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The HTML part of an alert mail: the plain text, escaped, links made clickable. */
export function mailHtml(title: string, text: string): string {
  const body = escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, '<br>\n')
  return `<!doctype html><html><body><h2>${escapeHtml(title)}</h2><p>${body}</p></body></html>`
}
