/**
 * Check-in settings (users.md §7): which trackers the check-in form shows and which five sports it offers.
 * Stored as JSON arrays in the user row, in the order sent.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import type { FieldErrors } from '../../lib/errors'
import { attribute, collectErrors, f, throwIfErrors, validate, type Field } from '../../lib/validation'
import { saveUserColumns } from './lookup'
import { users, type UserRow } from './schema'
import { readStringList } from '../../lib/stored-json'

export const TRACKERS = ['mood', 'sports', 'water', 'sleep', 'dreams', 'work', 'food_quality', 'food_amount', 'menstruation', 'alcohol', 'smoking', 'social_life'] as const
export const SPORTS = ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder', 'yoga'] as const
export const SELECTED_SPORTS_SIZE = 5

export interface CheckInSettingsView { enabled_trackers: string[]; selected_sports: string[] }

/** users.md 7.1 — also the `check_in_settings` of an export's profile. */
export function presentCheckInSettings(user: Pick<UserRow, 'enabledTrackers' | 'selectedSports'>): CheckInSettingsView {
  return { enabled_trackers: readStringList(user.enabledTrackers) ?? [], selected_sports: readStringList(user.selectedSports) ?? [] }
}

export function getCheckInSettings(deps: Pick<Deps, 'db'>, actor: Actor): CheckInSettingsView {
  const row = deps.db.select({ enabledTrackers: users.enabledTrackers, selectedSports: users.selectedSports }).from(users)
    .where(eq(users.id, actor.user.id)).get()
  return presentCheckInSettings(row!)
}

/**
 * One array field: the field-level rules (required, array, size) through `validate`, then each item against
 * the allowed names (errors keyed `field.N`), then duplicates (keyed by the field).
 */
function checkList(input: Record<string, unknown>, key: string, sizeRule: Field<unknown[]>, allowed: readonly string[], errors: FieldErrors): string[] {
  const list = collectErrors(errors, () => validate(input, { [key]: sizeRule })[key] as unknown[])
  if (!list) return []
  let itemsValid = true
  list.forEach((item, i) => {
    if (typeof item !== 'string' || !allowed.includes(item)) {
      errors[`${key}.${i}`] = [`The selected ${attribute(key)}.${i} is invalid.`]
      itemsValid = false
    }
  })
  if (itemsValid && new Set(list).size !== list.length) errors[key] = [`The ${attribute(key)} field has a duplicate value.`]
  return list as string[]
}

export function updateCheckInSettings(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: Record<string, unknown>): CheckInSettingsView {
  const errors: FieldErrors = {}
  const trackers = checkList(input, 'enabled_trackers', f.array().required()
    .check((v: unknown[], a) => v.length < 1 ? `The ${a} field must have at least 1 items.` : undefined), TRACKERS, errors)
  const sports = checkList(input, 'selected_sports', f.array().required()
    .check((v: unknown[], a) => v.length !== SELECTED_SPORTS_SIZE ? `The ${a} field must contain ${SELECTED_SPORTS_SIZE} items.` : undefined), SPORTS, errors)
  throwIfErrors(errors)
  saveUserColumns(deps, actor.user.id, { enabledTrackers: JSON.stringify(trackers), selectedSports: JSON.stringify(sports) })
  return { enabled_trackers: trackers, selected_sports: sports }
}
