/**
 * Small line drawings of the sports, beside their names (never instead of them). Drawn here rather than as emoji,
 * which many systems (and headless browsers) lack fonts for. One's own sport shows the emoji its person gave it,
 * or a stopwatch when it has none.
 */
import { builtinOf, type ListedSport } from './sports'
import type { Sport } from './trackers'

const PATHS: Record<Sport | 'own', string> = {
  dumbbell: 'M6 7v10M3 9.5v5M18 7v10M21 9.5v5M6 12h12',
  bike: 'M2 17a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0M15 17a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0M5.5 17 9 9h6l3.5 8M9 9l3 8h-6.5M15 9l-1-3h-2',
  mountain: 'M2 20 9.5 6l4.5 8 2.5-4 5.5 10Z',
  footprints: 'M5.5 7a2.5 3.5 0 1 0 5 0a2.5 3.5 0 1 0-5 0M6.5 14.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0M13.5 11a2.5 3.5 0 1 0 5 0a2.5 3.5 0 1 0-5 0M14.5 18.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0',
  waves_ladder: 'M8 3v11M16 3v11M8 7h8M8 11h8M2 17.5c2 0 2 1.5 4 1.5s2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5',
  yoga: 'M10 4a2 2 0 1 0 4 0a2 2 0 1 0-4 0M12 6.5v6.5M5 9c2.5 1 4.5 1.3 7 1.3s4.5-.3 7-1.3M5 19c2.5-3 4.5-5 7-6 2.5 1 4.5 3 7 6M4 19h16',
  own: 'M4 14a8 8 0 1 0 16 0a8 8 0 1 0-16 0M12 10v4l2.5 2M10 2h4M12 2v4',
}

export function SportIcon({ sport }: { sport: Sport | 'own' }) {
  return (
    <svg class="sport-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
      <path d={PATHS[sport]} />
    </svg>
  )
}

/** A sport of the person's list beside its name: a built-in one's drawing, one's own emoji, else the stopwatch. */
export function SportMark({ sport }: { sport: ListedSport }) {
  if (!sport.builtin && sport.emoji) return <span class="own-emoji" aria-hidden="true">{sport.emoji}</span>
  return <SportIcon sport={builtinOf(sport) ?? 'own'} />
}
