import type { CheckInRow } from './schema'

/**
 * The twelve trackers of docs/api/check-in.md §1, in wire order: the JSON key, the drizzle property of its column and
 * the highest value it accepts (ratings 1–5, sport codes 1–6).
 */
export const TRACKERS = [
  { key: 'mood', prop: 'mood', max: 5 },
  { key: 'sleep', prop: 'sleep', max: 5 },
  { key: 'dreams', prop: 'dreams', max: 5 },
  { key: 'food_quality', prop: 'foodQuality', max: 5 },
  { key: 'food_amount', prop: 'foodAmount', max: 5 },
  { key: 'water', prop: 'water', max: 5 },
  { key: 'sports', prop: 'sports', max: 6 },
  { key: 'work', prop: 'work', max: 5 },
  { key: 'menstruation', prop: 'menstruation', max: 5 },
  { key: 'alcohol', prop: 'alcohol', max: 5 },
  { key: 'smoking', prop: 'smoking', max: 5 },
  { key: 'social_life', prop: 'socialLife', max: 5 },
] as const satisfies readonly { key: string; prop: keyof CheckInRow; max: number }[]

export type TrackerKey = (typeof TRACKERS)[number]['key']
export type TrackerProp = (typeof TRACKERS)[number]['prop']
export const TRACKER_KEYS: readonly TrackerKey[] = TRACKERS.map((t) => t.key)
