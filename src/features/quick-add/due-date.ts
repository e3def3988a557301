/**
 * The values of a `due:` token and the words after a plain `due` (docs/api/quick-add.md §5), resolved against "today"
 * in the user's timezone: dates, relative forms, and the words for days in English, German, French and Spanish.
 */
import { addDays, formatDate, isRealDate, weekday } from './local-date'

/**
 * Days from today, by word. Keys are written as `wordKey` leaves them (no accents or apostrophes; words of a phrase
 * joined by hyphens), so `übermorgen`, `après-demain`, `Pasado_Mañana` and `aujourd’hui` all find theirs.
 */
const DAY_OFFSETS: Record<string, number> = {
  'today': 0, 'heute': 0, 'aujourdhui': 0, 'hoy': 0,
  'tomorrow': 1, 'morgen': 1, 'demain': 1, 'manana': 1,
  'day-after-tomorrow': 2, 'the-day-after-tomorrow': 2, 'ubermorgen': 2, 'uebermorgen': 2, 'apres-demain': 2, 'pasado-manana': 2,
}

/**
 * 0 = Sunday … 6 = Saturday. English keeps its three-letter forms; the others are full names only, since their
 * short forms are two letters (`Fr`, `Do`, `So`) or English words (`mar`).
 */
const WEEKDAYS: Record<string, number> = {
  sunday: 0, sun: 0, sonntag: 0, dimanche: 0, domingo: 0,
  monday: 1, mon: 1, montag: 1, lundi: 1, lunes: 1,
  tuesday: 2, tue: 2, dienstag: 2, mardi: 2, martes: 2,
  wednesday: 3, wed: 3, mittwoch: 3, mercredi: 3, miercoles: 3,
  thursday: 4, thu: 4, donnerstag: 4, jeudi: 4, jueves: 4,
  friday: 5, fri: 5, freitag: 5, vendredi: 5, viernes: 5,
  saturday: 6, sat: 6, samstag: 6, sonnabend: 6, samedi: 6, sabado: 6,
}

/** Trailing punctuation that may follow a due value in a sentence. */
const TRAILING = /[.,;:!?)]+$/

/** `+3d`, `3d`, `+2w`, `2w`: days or weeks from today (the plus is optional). */
const RELATIVE = /^\+?(\d{1,3})([dw])$/

/** The longest phrase after a plain `due`: "the day after tomorrow". */
export const DUE_PHRASE_WORDS = 4

/**
 * A word as the tables above spell it: lowercase, accents and apostrophes dropped, `_` read as `-`. Hyphens stay, so
 * "due to day off" never reads as "today".
 */
function wordKey(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, '').replace(/_/g, '-')
}

/** The date a word for a day names (today, tomorrow, the day after, a weekday), or undefined. */
function dayWord(value: string, today: string): string | undefined {
  const key = wordKey(value)
  const offset = DAY_OFFSETS[key]
  if (offset !== undefined) return addDays(today, offset)
  const day = WEEKDAYS[key]
  // The nearest such day on or after today: today's own weekday is today (docs/api/quick-add.md §5).
  if (day !== undefined) return addDays(today, (day - weekday(today) + 7) % 7)
  return undefined
}

/** The date a due value names, or undefined when it is not understood or not a real calendar day. */
export function parseDueValue(raw: string, today: string): string | undefined {
  const value = raw.replace(TRAILING, '').toLowerCase()
  const word = dayWord(value, today)
  if (word !== undefined) return word
  let m = RELATIVE.exec(value)
  if (m) return within(addDays(today, Number(m[1]) * (m[2] === 'w' ? 7 : 1)))
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (m) return realDate(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(value)
  if (m) {
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3])
    return realDate(year, Number(m[2]), Number(m[1]))
  }
  return undefined
}

/**
 * The date named by the words after a plain `due`, and how many of them it took: a phrase of up to four words for
 * a day (`day after tomorrow`, `pasado mañana`), else the first word as any due value.
 */
export function parseDuePhrase(words: string[], today: string): { date: string; words: number } | undefined {
  for (let n = Math.min(DUE_PHRASE_WORDS, words.length); n >= 2; n--) {
    const date = dayWord(words.slice(0, n).join('-').replace(TRAILING, ''), today)
    if (date !== undefined) return { date, words: n }
  }
  const date = words[0] === undefined ? undefined : parseDueValue(words[0], today)
  return date === undefined ? undefined : { date, words: 1 }
}

function realDate(y: number, m: number, d: number): string | undefined {
  return isRealDate(y, m, d) ? formatDate(y, m, d) : undefined
}

/** A computed date, when it is still within the years 0001–9999 a due date may have. */
function within(date: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined
}
