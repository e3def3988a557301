/** The insights answer as the page reads it, and its numbers in the person's language. */
import type { ApiData } from '../../lib/api-types'
import { locale, type Lang } from '../../lib/i18n'

export type InsightsData = ApiData<'get', '/insights'>
export type SeriesInfo = InsightsData['series'][number]
export type SeriesKey = SeriesInfo['key']
export type SeriesByKey = Map<SeriesKey, SeriesInfo>

const formats = new Map<string, Intl.NumberFormat>()

/** `value` with exactly `decimals` digits after the language's decimal mark (3,9 in German). */
export function formatNumber(value: number, decimals: number, lang: Lang, style: 'decimal' | 'percent' = 'decimal'): string {
  const id = `${lang} ${decimals} ${style}`
  let format = formats.get(id)
  if (!format) formats.set(id, format = new Intl.NumberFormat(locale(lang), { style, minimumFractionDigits: decimals, maximumFractionDigits: decimals }))
  return format.format(value)
}

/** Whether a series is a factor (a day had it or not), whose mean is a share of days. */
export const isFactor = (series: SeriesInfo | undefined) => series?.kind === 'yesno' || series?.kind === 'activity' || series?.kind === 'sport'

/** A series' mean as the page shows it: with its decimals (at least one) and unit, or a factor's share of days in percent. */
export function formatMean(value: number, series: SeriesInfo | undefined, lang: Lang): string {
  if (isFactor(series)) return formatNumber(value, 0, lang, 'percent')
  const text = formatNumber(value, Math.max(1, series?.decimals ?? 0), lang)
  return series?.unit ? `${text}\u00a0${series.unit}` : text
}
