/**
 * The check-in streak on Today (docs/api/streaks.md §1): "🔥 12 days" to the eye, a sentence to a screen reader
 * (the flame and the short form alone would say little), nothing while there is no run.
 */
import { useT } from '../../lib/i18n'
import { strings } from './strings'

export function Streak({ days }: { days: number }) {
  const t = useT(strings)
  if (days <= 0) return null
  return (
    <p class="streak">
      <span aria-hidden="true">🔥 {t('streakDays', { count: days })}</span>
      <span class="visually-hidden">{t('streakWords', { count: days })}</span>
    </p>
  )
}
