/**
 * One's own trackers and activities as the API speaks them (docs/api/trackers.md), shared by the check-in and the
 * My trackers page: their reads, numbers as a person types them, and activities in their groups.
 */
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { locale, type Lang } from '../../lib/i18n'

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
