/**
 * The check-in reminder's action buttons on ntfy (docs/api/notifications.md §7.2): ntfy shows at most three, so the
 * reminder asks only the mood, as three `http` actions that POST to a signed, single-day URL of daybook (low 2,
 * medium 3, high 4: the ends of the 1–5 scale are left to the app, where the person sees the whole of it), and the
 * notification's own click opens the day's check-in page.
 */
import type { Deps } from '../../lib/deps'
import { REMINDER_ANSWERS_PATH } from './paths'
import { signAnswer } from './token'
import { languageOf, type Language } from '../users/setting-values'

const LABELS: Record<Language, [string, string, string]> = {
  en: ['😞 Low', '😐 Medium', '🙂 High'],
  de: ['😞 Schlecht', '😐 Mittel', '🙂 Gut'],
  fr: ['😞 Bas', '😐 Moyen', '🙂 Bien'],
  es: ['😞 Bajo', '😐 Medio', '🙂 Bien'],
}
export const NTFY_MOOD_VALUES = [2, 3, 4] as const
/** The question code of mood (questions.ts: the first built-in tracker). */
const MOOD = 'b0'

export interface NtfyAction { action: 'http'; label: string; url: string; method: 'POST'; clear: true }

/** The three mood actions, or none when a token cannot be made for the person. */
export function ntfyReminderActions(deps: Pick<Deps, 'appKey' | 'config'>, userId: string, date: string, language: string): NtfyAction[] {
  const labels = LABELS[languageOf(language)]
  const actions: NtfyAction[] = []
  for (const [i, value] of NTFY_MOOD_VALUES.entries()) {
    const token = signAnswer(deps.appKey, { use: 'n', userId, date, question: MOOD, value })
    if (token === undefined) return []
    // clear: the notification goes away once answered, so a second tap on it cannot even be tried
    actions.push({ action: 'http', label: labels[i]!, url: `${deps.config.publicUrl}${REMINDER_ANSWERS_PATH}/${token}`, method: 'POST', clear: true })
  }
  return actions
}
