/**
 * The weekly summary's words in the person's language (en, de, fr, es; docs/api/notifications.md §3.1). The names of
 * the built-in trackers and the way numbers are written (3,9 in German, French and Spanish) are the insights'.
 */
import { languageOf, type Language } from '../users/setting-values'

type Counted = { one: string; other: string }

interface WeeklyWords {
  /** the first line, with the week's Monday and Sunday */
  heading: string
  checkedIn: Counted
  averages: string
  /** one tracker's mean beside the usual one, and without one (no value in the 8 weeks before) */
  average: string
  averageNew: string
  noValues: string
  streak: Counted
  longest: string
  noStreak: string
  /** a yes/no tracker's run that is going */
  trackerStreak: Counted
  insights: string
  open: string
}

const WORDS: Record<Language, WeeklyWords> = {
  en: {
    heading: 'Your week, {from} to {to}',
    checkedIn: { one: 'Checked in on {n} of 7 days.', other: 'Checked in on {n} of 7 days.' },
    averages: 'This week\'s averages (usual: the mean of the 8 weeks before):',
    average: '{name}: {week} (usual {usual})',
    averageNew: '{name}: {week} (no usual yet)',
    noValues: 'No tracker values this week.',
    streak: { one: 'Check-in streak: {n} day', other: 'Check-in streak: {n} days' },
    longest: '(longest {n})',
    noStreak: 'No check-in streak is going.',
    trackerStreak: { one: '{name}: {n} day in a row', other: '{name}: {n} days in a row' },
    insights: 'Patterns (associations, not causes):',
    open: 'Open daybook: {link}',
  },
  de: {
    heading: 'Deine Woche vom {from} bis {to}',
    checkedIn: { one: 'Check-in an {n} von 7 Tagen.', other: 'Check-in an {n} von 7 Tagen.' },
    averages: 'Durchschnitte dieser Woche (üblich: der Durchschnitt der 8 Wochen davor):',
    average: '{name}: {week} (üblich {usual})',
    averageNew: '{name}: {week} (noch kein Vergleich)',
    noValues: 'Diese Woche keine Tracker-Werte.',
    streak: { one: 'Check-in-Serie: {n} Tag', other: 'Check-in-Serie: {n} Tage' },
    longest: '(längste {n})',
    noStreak: 'Gerade läuft keine Check-in-Serie.',
    trackerStreak: { one: '{name}: {n} Tag in Folge', other: '{name}: {n} Tage in Folge' },
    insights: 'Muster (Zusammenhänge, keine Ursachen):',
    open: 'daybook öffnen: {link}',
  },
  fr: {
    heading: 'Votre semaine du {from} au {to}',
    checkedIn: { one: 'Check-in fait {n} jour sur 7.', other: 'Check-in fait {n} jours sur 7.' },
    averages: 'Moyennes de la semaine (habituel : la moyenne des 8 semaines précédentes) :',
    average: '{name} : {week} (habituel {usual})',
    averageNew: '{name} : {week} (pas encore d\'habitude)',
    noValues: 'Aucune valeur de suivi cette semaine.',
    streak: { one: 'Série de check-in : {n} jour', other: 'Série de check-in : {n} jours' },
    longest: '(record {n})',
    noStreak: 'Aucune série de check-in en cours.',
    trackerStreak: { one: '{name} : {n} jour d\'affilée', other: '{name} : {n} jours d\'affilée' },
    insights: 'Tendances (des associations, pas des causes) :',
    open: 'Ouvrir daybook : {link}',
  },
  es: {
    heading: 'Tu semana del {from} al {to}',
    checkedIn: { one: 'Check-in hecho {n} de 7 días.', other: 'Check-in hecho {n} de 7 días.' },
    averages: 'Promedios de la semana (habitual: el promedio de las 8 semanas anteriores):',
    average: '{name}: {week} (habitual {usual})',
    averageNew: '{name}: {week} (aún sin habitual)',
    noValues: 'Ningún valor registrado esta semana.',
    streak: { one: 'Racha de check-in: {n} día', other: 'Racha de check-in: {n} días' },
    longest: '(la más larga {n})',
    noStreak: 'No hay ninguna racha de check-in en curso.',
    trackerStreak: { one: '{name}: {n} día seguido', other: '{name}: {n} días seguidos' },
    insights: 'Patrones (asociaciones, no causas):',
    open: 'Abrir daybook: {link}',
  },
}

export function weeklyWords(language: string): WeeklyWords {
  return WORDS[languageOf(language)]
}

/** `template` with each {key} replaced. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))

/** The form of `counted` the language's plural rules pick for `n`, filled. */
export function counted(language: string, text: Counted, n: number, values: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules(languageOf(language)).select(n) === 'one' ? text.one : text.other
  return fill(form, { ...values, n })
}
