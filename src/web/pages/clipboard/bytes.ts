/** A file size in the app's language: "812 byte", "48.2 kB", "1.3 MB" (binary steps, as the 5 MB limit). */
import { locale } from '../../lib/format'
import type { Lang } from '../../lib/i18n'

export function formatBytes(bytes: number, lang: Lang): string {
  const [value, unit] = bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / 1024 / 1024, 'megabyte']
  return new Intl.NumberFormat(locale(lang), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value as number)
}

/** "PNG" from "image/png". */
export const formatName = (mime: string) => mime.replace(/^image\//, '').toUpperCase()
