/**
 * A backup schedule in words: `0 3 * * *` → "daily at 03:00". croner, which runs the schedule on the server, parses
 * the pattern here too (its CronPattern), so the words and the runs can never read a pattern differently. The
 * common forms are said — every day, on weekdays, on some days of the week, on some days of the month, every hour
 * — at one or a few times in the user's time format; anything else (months, "last day", "nth weekday", seconds)
 * returns undefined, and the page shows the pattern itself.
 */
import { CronPattern } from 'croner'
import { formatTime } from '../../lib/format'
import { locale, plural, defineStrings, translator, type Lang } from '../../lib/i18n'

const words = defineStrings({
  en: {
    daily: 'daily at {times}', weekdays: 'on weekdays at {times}', weekly: 'every {days} at {times}',
    monthly: plural('count', { one: 'monthly on day {days} at {times}', other: 'monthly on days {days} at {times}' }),
    hourly: 'every hour at minute {minute}',
  },
  de: {
    daily: 'täglich um {times}', weekdays: 'werktags um {times}', weekly: 'jeden {days} um {times}',
    monthly: plural('count', { one: 'monatlich am {days}. um {times}', other: 'monatlich an den Tagen {days} um {times}' }),
    hourly: 'stündlich zur Minute {minute}',
  },
  fr: {
    daily: 'tous les jours à {times}', weekdays: 'du lundi au vendredi à {times}', weekly: 'chaque {days} à {times}',
    monthly: plural('count', { one: 'chaque mois le {days} à {times}', other: 'chaque mois les {days} à {times}' }),
    hourly: 'toutes les heures à la minute {minute}',
  },
  es: {
    daily: 'cada día a las {times}', weekdays: 'de lunes a viernes a las {times}', weekly: 'cada {days} a las {times}',
    monthly: plural('count', { one: 'cada mes el día {days} a las {times}', other: 'cada mes los días {days} a las {times}' }),
    hourly: 'cada hora en el minuto {minute}',
  },
})

/** croner's mark for a weekday on every one of its occurrences in the month (not "the first Monday"). */
const EVERY_OCCURRENCE = 0b111111
const MOST_TIMES = 6

const chosen = (flags: number[]) => flags.flatMap((flag, i) => (flag ? [i] : []))

export function scheduleInWords(pattern: string, timezone: string, timeFormat: string, lang: Lang): string | undefined {
  let cron: CronPattern
  try {
    cron = new CronPattern(pattern, timezone)
  } catch {
    return undefined
  }
  const t = translator(words, lang)
  const list = (items: string[]) => new Intl.ListFormat(locale(lang), { type: 'conjunction' }).format(items)
  const [second, minutes, hours, days, weekdays] = [chosen(cron.second), chosen(cron.minute), chosen(cron.hour), chosen(cron.day), chosen(cron.dayOfWeek)]
  const unusual = cron.lastDayOfMonth || cron.lastWeekday || cron.nearestWeekdays.some(Boolean) || !cron.starYear || cron.useAndLogic
    || chosen(cron.month).length !== 12 || second.join() !== '0' || minutes.length !== 1
    || cron.dayOfWeek.some((flag) => flag !== 0 && flag !== EVERY_OCCURRENCE)
  if (unusual) return undefined
  const minute = String(minutes[0]).padStart(2, '0')
  if (hours.length === 24) return cron.starDOM && cron.starDOW ? t('hourly', { minute }) : undefined
  if (hours.length > MOST_TIMES) return undefined
  const times = list(hours.map((hour) => formatTime(hour, minute, timeFormat)))
  if (cron.starDOM && cron.starDOW) return t('daily', { times })
  if (cron.starDOM) {
    if (weekdays.join() === '1,2,3,4,5') return t('weekdays', { times })
    // 2023-01-01 was a Sunday, croner's weekday 0.
    const name = new Intl.DateTimeFormat(locale(lang), { weekday: 'long', timeZone: 'UTC' })
    return t('weekly', { days: list(weekdays.map((day) => name.format(Date.UTC(2023, 0, 1 + day)))), times })
  }
  if (cron.starDOW) return t('monthly', { days: list(days.map((day) => String(day + 1))), count: days.length, times })
  return undefined
}
