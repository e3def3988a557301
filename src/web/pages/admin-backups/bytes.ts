/** A file size in the app's language ("1.4 MB", "1,4 Mo"), binary steps as file managers count them. */
import { locale } from '../../lib/format'
import type { Lang } from '../../lib/i18n'

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

export function formatBytes(bytes: number, lang: Lang): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return new Intl.NumberFormat(locale(lang), {
    style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value)
}
