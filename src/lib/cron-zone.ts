import type { CronOptions } from 'croner'

/**
 * croner reads a `timezone` through Intl on every run, which loads ICU's time-zone data (about 5 MB); UTC has
 * no daylight saving, so croner's fixed `utcOffset: 0` is the same schedule without it.
 */
export function cronZone(timezone = 'UTC'): Pick<CronOptions, 'timezone' | 'utcOffset'> {
  return timezone === 'UTC' ? { utcOffset: 0 } : { timezone }
}
