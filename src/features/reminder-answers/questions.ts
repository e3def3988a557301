/**
 * The questions a reminder asks in turn (docs/api/notifications.md §7.1): mood first, then the person's pinned
 * trackers — the built-in ones the check-in form shows (their enabled_trackers, in that order; sports is a choice
 * of sports, not a rating, so it is left to the app) and then their own trackers that are not archived (in their
 * order), a scale or a yes/no (a number cannot be tapped) — at most MAX_QUESTIONS in all.
 */
import type { Deps } from '../../lib/deps'
import { readStringList } from '../../lib/stored-json'
import type { UserRow } from '../users/schema'
import type { CheckInDay, SentExtras, SentTrackers } from '../check-in/store'
import { TRACKERS } from '../check-in/trackers'
import type { TrackerRow } from '../trackers/schema'

export const MAX_QUESTIONS = 5

export interface Choice { value: number; label: string }

export interface Question {
  /** its code in a signed token: b<n> the n-th built-in tracker, t<id in base 36> an own tracker */
  code: string
  /** what POST /check-in calls it: a built-in tracker's key, or `values.{id}` for one's own */
  field: string
  label: string
  choices: Choice[]
  /** the day's answer to it, if any */
  stored(day: CheckInDay | undefined): number | undefined
  /** the partial write of the check-in store that sets it */
  write(value: number): { sent: SentTrackers; extras: SentExtras }
}

const BUILT_IN_LABELS: Record<string, string> = {
  mood: 'Mood', sleep: 'Sleep', dreams: 'Dreams', food_quality: 'Food quality', food_amount: 'Food amount', water: 'Water',
  work: 'Work', menstruation: 'Menstruation', alcohol: 'Alcohol', smoking: 'Smoking', social_life: 'Social life',
}

const range = (min: number, max: number): Choice[] => Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) }))

function builtIn(key: string): Question | undefined {
  const index = TRACKERS.findIndex((t) => t.key === key)
  const tracker = TRACKERS[index]
  if (!tracker || tracker.key === 'sports') return undefined
  return {
    code: `b${index}`,
    field: tracker.key,
    label: BUILT_IN_LABELS[key]!,
    choices: range(1, tracker.max),
    stored: (day) => day?.[tracker.prop] ?? undefined,
    write: (value) => ({ sent: { [tracker.prop]: value }, extras: {} }),
  }
}

function own(tracker: TrackerRow): Question | undefined {
  if (tracker.archived || tracker.kind === 'number') return undefined
  const choices = tracker.kind === 'yesno' ? [{ value: 1, label: 'Yes' }, { value: 0, label: 'No' }] : range(tracker.min ?? 1, tracker.max ?? 5)
  return {
    code: `t${tracker.id.toString(36)}`,
    field: `values.${tracker.id}`,
    label: tracker.emoji ? `${tracker.emoji} ${tracker.name}` : tracker.name,
    choices,
    stored: (day) => day?.values[tracker.id],
    write: (value) => ({ sent: {}, extras: { values: new Map([[tracker.id, value]]) } }),
  }
}

/** Every question the person could be asked now, in order (the reminder asks the first MAX_QUESTIONS). */
export async function allQuestions(deps: Pick<Deps, 'stores'>, user: Pick<UserRow, 'id' | 'enabledTrackers'>): Promise<Question[]> {
  const enabled = (readStringList(user.enabledTrackers) ?? []).filter((key) => key !== 'mood')
  const questions = [builtIn('mood'), ...enabled.map(builtIn), ...(await deps.stores.trackers.list(user.id)).map(own)]
  return questions.filter((q): q is Question => q !== undefined)
}

export async function pinnedQuestions(deps: Pick<Deps, 'stores'>, user: Pick<UserRow, 'id' | 'enabledTrackers'>): Promise<Question[]> {
  return (await allQuestions(deps, user)).slice(0, MAX_QUESTIONS)
}
