/**
 * docs/api/check-in.md §5 — a post's `values`, `activities` and `note`, checked against the person's own trackers
 * and activities: every id must be one of theirs and not archived, every value must fit its tracker.
 */
import type { Deps } from '../../lib/deps'
import type { FieldErrors } from '../../lib/errors'
import { throwIfErrors, type Validated } from '../../lib/validation'
import type { TrackerRow } from '../trackers/schema'
import type { UpsertCheckIn } from './model'
import type { SentExtras } from './store'
import { daySportIds } from './present'
import { BUILTIN_SPORT_CODES, isBuiltinSport } from '../trackers/sports'
import { NUMBER_LIMIT } from '../trackers/model'

type Input = Validated<typeof UpsertCheckIn>

/**
 * What the post sent beyond the twelve, validated; the definitions are read only for what was sent. With
 * `sport_ids`, also the `sports` column it sets (the list's first built-in sport).
 */
export async function checkedExtras(deps: Pick<Deps, 'stores'>, userId: string, input: Input): Promise<SentExtras & { sports?: number | null }> {
  const errors: FieldErrors = {}
  const extras: SentExtras & { sports?: number | null } = {}
  if (input.note !== undefined) extras.note = input.note
  if (input.values === null) extras.values = null
  else if (input.values !== undefined) {
    const usable = new Map((await deps.stores.trackers.list(userId)).filter((t) => !t.archived).map((t) => [t.id, t]))
    extras.values = checkedValues(usable, input.values, errors)
  }
  // An archived activity or sport already on the day may stay (the list replaces the day's, and archiving must not
  // make a day unsavable); only a new one must be in use.
  const day = Array.isArray(input.activities) || Array.isArray(input.sport_ids) ? (await deps.stores.checkIns.list(userId, input.date, input.date))[0] : undefined
  if (input.activities === null) extras.activities = null
  else if (input.activities !== undefined) {
    const onDay = new Set(day?.activities)
    const usable = new Set((await deps.stores.activities.list(userId)).filter((a) => !a.archived || onDay.has(a.id)).map((a) => a.id))
    extras.activities = checkedIds(usable, input.activities, 'activities', errors)
  }
  if (input.sport_ids !== undefined) {
    const onDay = new Set(day ? daySportIds(day) : [])
    const own = input.sport_ids === null ? [] : await deps.stores.sports.list(userId)
    const usable = new Set([...BUILTIN_SPORT_CODES, ...own.filter((s) => !s.archived || onDay.has(s.id)).map((s) => s.id)])
    const ids = input.sport_ids === null ? [] : checkedIds(usable, input.sport_ids, 'sport_ids', errors)
    // `sports` is the day's first built-in sport (docs/api/check-in.md §6): said once, by the list.
    const first = ids.find(isBuiltinSport) ?? null
    if (input.sports !== undefined && input.sports !== first) errors.sports = ['The sports field must be the first built-in sport of sport ids.']
    extras.sports = first
    extras.moreSports = ids.filter((id) => id !== first)
  }
  throwIfErrors(errors)
  return extras
}

/** An id as a JSON key or array item: a positive integer, or a string of one's digits (JSON object keys are strings). */
export const idIn = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v) ? Number(v) : v
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** What a value is checked against: its tracker's kind and bounds. */
export type ValueRule = Pick<TrackerRow, 'id' | 'kind' | 'min' | 'max' | 'decimals'>

/**
 * `values` of a post (or of an import's archive) against the trackers that may take one, by id; errors go into
 * `errors` under `values.{key}`.
 */
export function checkedValues(byId: ReadonlyMap<number, ValueRule>, sent: Record<string, unknown>, errors: FieldErrors): Map<number, number | null> {
  const out = new Map<number, number | null>()
  for (const [key, raw] of Object.entries(sent)) {
    const field = `values.${key}`
    const id = idIn(key)
    const tracker = id === undefined ? undefined : byId.get(id)
    if (!tracker) {
      errors[field] = [`The selected ${field} is invalid.`]
      continue
    }
    const checked = raw === null ? { value: null } : checkedValue(tracker, raw, field)
    if ('error' in checked) errors[field] = [checked.error]
    else out.set(tracker.id, checked.value)
  }
  return out
}

/** One value against its tracker's kind (docs/api/trackers.md §2); yes/no is stored as 1 or 0. */
export function checkedValue(tracker: ValueRule, raw: unknown, field: string): { value: number } | { error: string } {
  if (tracker.kind === 'yesno') {
    if (raw === true || raw === 1) return { value: 1 }
    if (raw === false || raw === 0) return { value: 0 }
    return { error: `The ${field} field must be true or false.` }
  }
  // A number without bounds of its own is still within ±10⁹ (NUMBER_LIMIT): every value at 3 decimals has at most 13
  // digits, which both engines write in JSON as JavaScript does (the day's values are kept as JSON text, queries.ts).
  const min = tracker.min ?? -NUMBER_LIMIT
  const max = tracker.max ?? NUMBER_LIMIT
  if (tracker.kind === 'scale') {
    return typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= max
      ? { value: raw } : { error: `The ${field} field must be an integer from ${min} to ${max}.` }
  }
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { error: `The ${field} field must be a number.` }
  if (raw < min || raw > max) return { error: `The ${field} field must be between ${min} and ${max}.` }
  if (Number(raw.toFixed(tracker.decimals)) !== raw) return { error: `The ${field} field must have at most ${tracker.decimals} decimal places.` }
  return { value: raw }
}

/**
 * A list of ids (`activities` or `sport_ids` of a post, or of an import's archive) against the ids it may hold, in
 * the order sent; duplicates count once. Errors go into `errors` under `{field}.{index}`.
 */
export function checkedIds(usable: ReadonlySet<number>, sent: unknown[], field: string, errors: FieldErrors): number[] {
  const out = new Set<number>()
  sent.forEach((raw, i) => {
    const id = idIn(raw)
    if (id !== undefined && usable.has(id)) out.add(id)
    else errors[`${field}.${i}`] = [`The selected ${field}.${i} is invalid.`]
  })
  return [...out]
}
