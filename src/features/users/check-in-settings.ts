/**
 * Check-in settings (docs/api/users.md §7): which trackers the check-in form shows and which five sports it offers.
 * Stored as JSON arrays in the user row, in the order sent.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { FieldErrors } from '../../lib/errors'
import { attribute, collectErrors, throwIfErrors, validateField, type Unchecked } from '../../lib/validation'
import { saveUserColumns } from './lookup'
import { users, type UserRow } from './schema'
import { readStringList } from '../../lib/stored-json'
import { CheckInSettingsBody, SPORTS, TRACKERS, type SportName, type TrackerName } from './settings-model'

export interface CheckInSettingsView { enabled_trackers: TrackerName[]; selected_sports: SportName[] }

const oneOf = <V extends string>(allowed: readonly V[]) => (name: string): name is V => (allowed as readonly string[]).includes(name)
const isTracker = oneOf(TRACKERS)
const isSport = oneOf(SPORTS)

/**
 * docs/api/users.md §7.1 — also the `check_in_settings` of an export's profile. Only the names the lists allow: every
 * write checked them, and the answer promises them.
 */
export function presentCheckInSettings(user: Pick<UserRow, 'enabledTrackers' | 'selectedSports'>): CheckInSettingsView {
  return {
    enabled_trackers: (readStringList(user.enabledTrackers) ?? []).filter(isTracker),
    selected_sports: (readStringList(user.selectedSports) ?? []).filter(isSport),
  }
}

export function getCheckInSettings(deps: Pick<Deps, 'db'>, actor: Actor): CheckInSettingsView {
  const row = deps.db.select({ enabledTrackers: users.enabledTrackers, selectedSports: users.selectedSports }).from(users)
    .where(eq(users.id, actor.user.id)).get()
  return presentCheckInSettings(row!)
}

type ListKey = keyof typeof CheckInSettingsBody.fields

/**
 * One array field: its declared rules (required, array, size), then each item against the allowed names
 * (errors keyed `field.N`), then duplicates (keyed by the field).
 */
function checkList<V extends string>(input: Readonly<Record<string, unknown>>, key: ListKey, allowed: (name: string) => name is V, errors: FieldErrors): V[] {
  const list = collectErrors(errors, () => validateField(input, key, CheckInSettingsBody.fields[key]))
  if (!list) return []
  const names: V[] = []
  list.forEach((item, i) => {
    if (typeof item === 'string' && allowed(item)) names.push(item)
    else errors[`${key}.${i}`] = [`The selected ${attribute(key)}.${i} is invalid.`]
  })
  if (names.length === list.length && new Set(names).size !== names.length) errors[key] = [`The ${attribute(key)} field has a duplicate value.`]
  return names
}

/** docs/api/users.md §7.2: the validated lists (also applied to the check-in settings of an imported export). */
export function validateCheckInSettings(input: Readonly<Record<string, unknown>>): CheckInSettingsView {
  const errors: FieldErrors = {}
  const trackers = checkList(input, 'enabled_trackers', isTracker, errors)
  const sports = checkList(input, 'selected_sports', isSport, errors)
  throwIfErrors(errors)
  return { enabled_trackers: trackers, selected_sports: sports }
}

export function updateCheckInSettings(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: Unchecked<typeof CheckInSettingsBody>): CheckInSettingsView {
  const { enabled_trackers: trackers, selected_sports: sports } = validateCheckInSettings(input)
  saveUserColumns(deps, actor.user.id, { enabledTrackers: JSON.stringify(trackers), selectedSports: JSON.stringify(sports) })
  return { enabled_trackers: trackers, selected_sports: sports }
}
