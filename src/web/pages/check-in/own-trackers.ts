/**
 * One's own trackers and activities as the API speaks them (docs/api/trackers.md), shared by the check-in and the
 * My trackers page, the history and a friend's shared trackers: their reads, numbers as a person types them, a
 * value in words, and activities in their groups.
 */
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { locale, type Lang, type Translate } from '../../lib/i18n'

export type OwnTracker = ApiData<'get', '/trackers'>[number]
export type Activity = ApiData<'get', '/activities'>[number]

export const loadOwnTrackers = (signal: AbortSignal) => api.get('/trackers', { signal })
export const loadActivities = (signal: AbortSignal) => api.get('/activities', { signal })

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/

/**
 * A number as typed, with a point or a comma as the decimal mark (so "72,5" is read as a German or French writer
 * means it): `null` for an empty field, `NaN` for anything that is no number.
 */
export function parseNumber(text: string): number | null {
  const plain = text.trim().replace(',', '.')
  if (plain === '') return null
  return NUMBER.test(plain) ? Number(plain) : NaN
}

/** A value in the language's own way (72,5 in German), with at most `decimals` places and no grouping. */
export const formatNumber = (value: number, lang: Lang, decimals = 3) =>
  new Intl.NumberFormat(locale(lang), { maximumFractionDigits: decimals, useGrouping: false }).format(value)

export interface ActivityGroup<A extends Pick<Activity, 'group'>> { group: string | null; activities: A[] }

/** Activities under their groups, in their order; a group stands where its first activity does. */
export function byGroup<A extends Pick<Activity, 'group'>>(activities: A[]): ActivityGroup<A>[] {
  const groups = new Map<string | null, A[]>()
  for (const activity of activities) {
    const key = activity.group?.trim() || null
    groups.set(key, [...(groups.get(key) ?? []), activity])
  }
  return [...groups].map(([group, list]) => ({ group, activities: list }))
}

/** What a value's words need of a tracker (a friend's shared tracker has these fields too). */
export type ValueKind = Pick<OwnTracker, 'kind' | 'min' | 'max' | 'min_label' | 'max_label' | 'unit' | 'decimals'>

/** A number with exactly the tracker's decimals, as the language writes it (72,5 in German). */
export const trackerNumberFormat = (tracker: ValueKind, lang: Lang) =>
  new Intl.NumberFormat(locale(lang), { minimumFractionDigits: tracker.decimals, maximumFractionDigits: tracker.decimals })

/** A value in words: "yes", "4", "1 (awful)", "72.5 kg"; `t` is the page's, with its own yes, no and valueWord. */
export function ownValueText(tracker: ValueKind, t: Translate<'yes' | 'no' | 'valueWord'>, lang: Lang): (value: number) => string {
  if (tracker.kind === 'yesno') return (value) => t(value === 1 ? 'yes' : 'no')
  const number = trackerNumberFormat(tracker, lang)
  if (tracker.kind === 'number') return (value) => (tracker.unit ? `${number.format(value)} ${tracker.unit}` : number.format(value))
  return (value) => {
    const word = value === tracker.min ? tracker.min_label : value === tracker.max ? tracker.max_label : null
    return word ? t('valueWord', { value: number.format(value), word }) : number.format(value)
  }
}
