/**
 * The words of insights in the person's language (en, de, fr, es; docs/api/insights.md §3): a series' name (a
 * built-in one's from check-in/builtin-names.ts), and one sentence per pair — "On days when your sleep is
 * 4–5, your mood averages 3.9 instead of 2.8 (62 days)." Numbers are written as the language writes them (3,9).
 */
import type { Rating, SeriesDef } from './series'
import { SPORT_NAMES, TRACKER_NAMES } from '../check-in/builtin-names'
import { SPORTS } from '../users/settings-model'
import type { Language } from '../users/setting-values'

/** A series' name as a label: an own definition's as the person wrote it, a built-in one's in their language. */
export function seriesName(def: SeriesDef, lang: Language): string {
  if (def.name !== null) return def.name
  return def.kind === 'rating' ? TRACKER_NAMES[lang][def.builtin as Rating] : SPORT_NAMES[lang][SPORTS[(def.builtin as number) - 1]!]
}

/** Inside a sentence: a built-in name starts small, except in German, whose nouns keep their capital. */
const nameInSentence = (def: SeriesDef, lang: Language) => {
  const name = seriesName(def, lang)
  return def.name === null && lang !== 'de' ? name.charAt(0).toLowerCase() + name.slice(1) : name
}

const formats = new Map<string, Intl.NumberFormat>()
/** `value` with `decimals` digits as `lang` writes numbers, and the unit after a no-break space. */
export function formatNumber(value: number, decimals: number, lang: Language, unit: string | null = null): string {
  const id = `${lang} ${decimals}`
  let format = formats.get(id)
  if (!format) formats.set(id, format = new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false }))
  return unit ? `${format.format(value)}\u00a0${unit}` : format.format(value)
}

type Shape = 'numeric' | 'factor' | 'yesno'
interface Parts { a: string; range: string; b: string; high: string; low: string; n: number }
type Sentence = (p: Parts) => string

/** [same day, next day] for each shape of `a`. */
const SENTENCES: Record<Language, Record<Shape, [Sentence, Sentence]>> = {
  en: {
    numeric: [
      (p) => `On days when your ${p.a} is ${p.range}, your ${p.b} averages ${p.high} instead of ${p.low} (${p.n} days).`,
      (p) => `The day after your ${p.a} is ${p.range}, your ${p.b} averages ${p.high} instead of ${p.low} (${p.n} days).`,
    ],
    factor: [
      (p) => `On days with ${p.a}, your ${p.b} averages ${p.high} instead of ${p.low} (${p.n} days).`,
      (p) => `The day after ${p.a}, your ${p.b} averages ${p.high} instead of ${p.low} (${p.n} days).`,
    ],
    yesno: [
      (p) => `On days you answer yes to ${p.a}, your ${p.b} averages ${p.high} instead of ${p.low} (${p.n} days).`,
      (p) => `The day after you answer yes to ${p.a}, your ${p.b} averages ${p.high} instead of ${p.low} (${p.n} days).`,
    ],
  },
  de: {
    numeric: [
      (p) => `An Tagen mit ${p.a} ${p.range}: ${p.b} im Schnitt ${p.high} statt ${p.low} (${p.n} Tage).`,
      (p) => `Am Tag nach ${p.a} ${p.range}: ${p.b} im Schnitt ${p.high} statt ${p.low} (${p.n} Tage).`,
    ],
    factor: [
      (p) => `An Tagen mit ${p.a}: ${p.b} im Schnitt ${p.high} statt ${p.low} (${p.n} Tage).`,
      (p) => `Am Tag nach ${p.a}: ${p.b} im Schnitt ${p.high} statt ${p.low} (${p.n} Tage).`,
    ],
    yesno: [
      (p) => `An Tagen mit „Ja“ bei ${p.a}: ${p.b} im Schnitt ${p.high} statt ${p.low} (${p.n} Tage).`,
      (p) => `Am Tag nach „Ja“ bei ${p.a}: ${p.b} im Schnitt ${p.high} statt ${p.low} (${p.n} Tage).`,
    ],
  },
  fr: {
    numeric: [
      (p) => `Les jours avec ${p.a} à ${p.range}\u00a0: ${p.b} en moyenne à ${p.high} au lieu de ${p.low} (${p.n} jours).`,
      (p) => `Le lendemain d’un jour avec ${p.a} à ${p.range}\u00a0: ${p.b} en moyenne à ${p.high} au lieu de ${p.low} (${p.n} jours).`,
    ],
    factor: [
      (p) => `Les jours avec ${p.a}\u00a0: ${p.b} en moyenne à ${p.high} au lieu de ${p.low} (${p.n} jours).`,
      (p) => `Le lendemain d’un jour avec ${p.a}\u00a0: ${p.b} en moyenne à ${p.high} au lieu de ${p.low} (${p.n} jours).`,
    ],
    yesno: [
      (p) => `Les jours où ${p.a} est «\u00a0oui\u00a0»\u00a0: ${p.b} en moyenne à ${p.high} au lieu de ${p.low} (${p.n} jours).`,
      (p) => `Le lendemain d’un jour où ${p.a} est «\u00a0oui\u00a0»\u00a0: ${p.b} en moyenne à ${p.high} au lieu de ${p.low} (${p.n} jours).`,
    ],
  },
  es: {
    numeric: [
      (p) => `Los días con ${p.a} en ${p.range}: ${p.b} de media ${p.high} en lugar de ${p.low} (${p.n} días).`,
      (p) => `Al día siguiente de un día con ${p.a} en ${p.range}: ${p.b} de media ${p.high} en lugar de ${p.low} (${p.n} días).`,
    ],
    factor: [
      (p) => `Los días con ${p.a}: ${p.b} de media ${p.high} en lugar de ${p.low} (${p.n} días).`,
      (p) => `Al día siguiente de un día con ${p.a}: ${p.b} de media ${p.high} en lugar de ${p.low} (${p.n} días).`,
    ],
    yesno: [
      (p) => `Los días con «sí» en ${p.a}: ${p.b} de media ${p.high} en lugar de ${p.low} (${p.n} días).`,
      (p) => `Al día siguiente de un día con «sí» en ${p.a}: ${p.b} de media ${p.high} en lugar de ${p.low} (${p.n} días).`,
    ],
  },
}

/** How many decimals a mean of `def` is written with: as many as its values have, at least one (3.9 on a 1–5 scale). */
const meanDecimals = (def: SeriesDef) => Math.max(1, def.decimals)

/** A pair as a sentence: `a`'s high side ("4–5") against its low side, as `b`'s two means. */
export function pairSentence(lang: Language, a: SeriesDef, b: SeriesDef, lag: number,
  stats: { n: number; meanHigh: number; meanLow: number; highFrom: number; highTo: number }): string {
  const shape: Shape = a.kind === 'yesno' ? 'yesno' : a.kind === 'activity' || a.kind === 'sport' ? 'factor' : 'numeric'
  const value = (v: number) => formatNumber(v, a.decimals, lang)
  const range = stats.highFrom === stats.highTo ? value(stats.highFrom) : `${value(stats.highFrom)}–${value(stats.highTo)}`
  const mean = (v: number) => formatNumber(v, meanDecimals(b), lang, b.unit)
  return SENTENCES[lang][shape][lag === 0 ? 0 : 1]({
    a: nameInSentence(a, lang), range: a.unit ? `${range}\u00a0${a.unit}` : range, b: nameInSentence(b, lang),
    high: mean(stats.meanHigh), low: mean(stats.meanLow), n: stats.n,
  })
}
