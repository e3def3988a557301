/**
 * One's own trackers' values in words and on a chart's axis (docs/api/trackers.md §2): yes or no, a scale's number
 * with its end word at an end, a number with its tracker's decimals and unit. A value is stored as a number (a
 * yes/no as 1 or 0); the words are the page's.
 */
import uPlot from 'uplot'
import { locale, type Lang, type Translate } from '../../lib/i18n'
import type { CheckIn } from '../check-in/trackers'
import { trackerNumberFormat, type ValueKind } from '../check-in/own-trackers'
import type { ValueAxis } from './line-chart'
import { strings } from './strings'

type T = Translate<keyof typeof strings.en>

/** A day's value of one's own tracker, or null (no entry, or nothing recorded for it). */
export const ownValue = (entry: CheckIn | undefined, id: number): number | null =>
  entry?.values[id] ?? null



/** An average in words: a scale's to one place, a number's to one place more than its own (with its unit). */
export function ownAverageText(tracker: ValueKind, lang: Lang): (value: number) => string {
  const places = tracker.kind === 'number' ? Math.min(tracker.decimals + 1, 3) : 1
  const number = new Intl.NumberFormat(locale(lang), { maximumFractionDigits: places })
  return (value) => (tracker.kind === 'number' && tracker.unit ? `${number.format(value)} ${tracker.unit}` : number.format(value))
}

/** "1 = awful · 5 = great": a scale's end words, one end alone when only it has a word. */
export function scaleEnds(tracker: ValueKind, t: T): string | undefined {
  const ends = [[tracker.min, tracker.min_label], [tracker.max, tracker.max_label]] as const
  const words = ends.filter(([, word]) => word).map(([n, word]) => t('scaleEnd', { n: n ?? '', word: word! }))
  return words.length > 0 ? words.join(' · ') : undefined
}

/** Tick steps a number's axis may use: none finer than its decimals (a whole-number tracker never shows 72.5). */
function tickSteps(decimals: number): number[] {
  const steps: number[] = []
  for (let power = -decimals; power <= 9; power += 1) for (const base of [1, 2, 5]) steps.push(base * 10 ** power)
  return steps
}

/**
 * The value axis of a scale or a number. A scale shows its whole range, min to max, a tick at each step (or at
 * fewer, evenly, on a long scale, where eleven would crowd the plot). A number's range follows its values, padded
 * to round ends (its bounds are what it may hold, and a weight drawn on 30–250 would be a flat line); its ticks
 * have its decimals and its unit names the axis.
 */
export function ownAxis(tracker: ValueKind, lang: Lang): ValueAxis {
  const number = trackerNumberFormat(tracker, lang)
  if (tracker.kind === 'scale') {
    const [min, max] = [tracker.min ?? 1, tracker.max ?? 5]
    // The smallest step that divides the range into at most six: both ends always have their tick.
    let every = 1
    while ((max - min) % every !== 0 || (max - min) / every > 6) every += 1
    const splits: number[] = []
    for (let n = min; n <= max; n += every) splits.push(n)
    return { range: [min - 0.5, max + 0.5], splits, format: (value) => number.format(value) }
  }
  return {
    range: (_u, low, high) => low == null || high == null
      // No value in the period: the bounds it may hold, or else any sensible frame; the line is empty anyway.
      ? [tracker.min ?? 0, tracker.max ?? (tracker.min ?? 0) + 10]
      // uPlot's own padding for a y scale: a tenth of the spread on each side, to round ends.
      : uPlot.rangeNum(low, high, 0.1, true),
    steps: tickSteps(tracker.decimals),
    format: (value) => number.format(value),
    label: tracker.unit ?? undefined,
  }
}
