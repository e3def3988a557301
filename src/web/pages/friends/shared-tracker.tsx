/**
 * One tracker a friend shares, over the 30 days they share (docs/api/users.md §5.1): a yes/no as filled and empty
 * day cells, a scale as its numbers in the cells with its end words as the legend, a number as a line drawn in plain
 * SVG with its values and unit in words (and every value behind "Every value"). The days are the friend's calendar
 * days, `from` to `to`. Each cell says its date and value to assistive technology, as the history's heat map does.
 */
import { useMemo } from 'preact/hooks'
import { formatDay, locale } from '../../lib/format'
import { useLang, useT, type Lang, type Translate } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { datesBetween } from '../check-in/trackers'
import { ownValueText } from '../check-in/own-trackers'
import { strings } from './strings'
import type { SharedTracker } from './types'

type Day = SharedTracker['days'][number]
type T = Translate<keyof typeof strings.en>

/** A value in words: yes or no, a scale's number (with its end word at an end), a number with its unit. */

/** The line under the name: what the days add up to. */
function summaryOf(tracker: SharedTracker, t: T, lang: Lang, text: (value: number) => string, day: (date: string) => string): string {
  const { days } = tracker
  if (days.length === 0) return t('nothingRecorded')
  if (tracker.kind === 'yesno') return t('yesDays', { count: days.filter((d) => d.value === 1).length })
  const values = days.map((d) => d.value)
  if (tracker.kind === 'scale') {
    const average = values.reduce((a, b) => a + b, 0) / values.length
    return t('average', { average: new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 }).format(average), count: days.length })
  }
  const latest = days[days.length - 1]!
  return t('numberSummary', { value: text(latest.value), date: day(latest.date), low: text(Math.min(...values)), high: text(Math.max(...values)) })
}

/** A yes/no or a scale: one cell per day, three rows of ten. */
function DayCells({ tracker, dates, byDate, text, day }: {
  tracker: SharedTracker; dates: string[]; byDate: Map<string, number>; text: (value: number) => string; day: (date: string) => string
}) {
  const t = useT(strings)
  return (
    <ol class="day-cells" aria-label={t('daysOf', { tracker: tracker.name })}>
      {dates.map((date) => {
        const value = byDate.get(date)
        const label = `${day(date)}: ${value === undefined ? t('notRecorded') : text(value)}`
        const look = value === undefined ? 'day-none' : tracker.kind === 'scale' ? 'day-value' : value === 1 ? 'day-yes' : 'day-no'
        return (
          <li key={date} class={`day-cell ${look}`} title={label}>
            <span class="visually-hidden">{label}</span>
            {tracker.kind === 'scale' && value !== undefined && <span aria-hidden="true">{value}</span>}
          </li>
        )
      })}
    </ol>
  )
}

const WIDTH = 290
const HEIGHT = 48

/** A number: its values as a line across the 30 days (a gap is bridged), each value a dot. Drawn for the eye only. */
function Sparkline({ dates, days }: { dates: string[]; days: Day[] }) {
  const values = days.map((d) => d.value)
  const [low, high] = [Math.min(...values), Math.max(...values)]
  const step = WIDTH / Math.max(dates.length - 1, 1)
  const points = days.map((d) => {
    const x = dates.indexOf(d.date) * step
    const y = high === low ? HEIGHT / 2 : HEIGHT - ((d.value - low) / (high - low)) * HEIGHT
    return `${x.toFixed(1)},${y.toFixed(1)}`
  })
  // Stretched to the card's width: strokes keep their width, and the dots (round caps of zero-length lines) stay round.
  return (
    <svg class="sparkline" viewBox={`-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <line class="sparkline-base" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
      {points.length > 1 && <polyline points={points.join(' ')} />}
      {points.map((point) => <path key={point} class="sparkline-dot" d={`M${point}h0`} />)}
    </svg>
  )
}

function Legend({ tracker }: { tracker: SharedTracker }) {
  const t = useT(strings)
  const item = (look: string, text: string) => <li key={look}><span class={`day-cell ${look}`} aria-hidden="true" />{text}</li>
  const ends = tracker.kind === 'scale' && (tracker.min_label || tracker.max_label)
  return (
    <ul class="shared-legend" aria-label={t('legend')}>
      {tracker.kind === 'yesno' && [item('day-yes', t('yes')), item('day-no', t('no'))]}
      {tracker.kind === 'scale' && (ends
        ? [[tracker.min, tracker.min_label], [tracker.max, tracker.max_label]].filter(([, word]) => word)
          .map(([end, word]) => <li key={String(end)}><span class="day-cell day-value" aria-hidden="true">{end}</span>{word}</li>)
        : <li>{t('scaleRange', { min: tracker.min ?? '', max: tracker.max ?? '' })}</li>)}
      {item('day-none', t('notRecorded'))}
    </ul>
  )
}

export function SharedTrackerView({ tracker, from, to }: { tracker: SharedTracker; from: string; to: string }) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  const dates = useMemo(() => datesBetween(from, to), [from, to])
  const byDate = useMemo(() => new Map(tracker.days.map((d) => [d.date, d.value])), [tracker.days])
  const text = ownValueText(tracker, t, lang)
  const day = (date: string) => formatDay(date, prefs.dateFormat)
  const id = `shared-${tracker.id}`
  return (
    <figure class="shared-tracker" aria-labelledby={id}>
      <figcaption>
        <h3 id={id}>{tracker.emoji && <span aria-hidden="true">{tracker.emoji} </span>}{tracker.name}</h3>
        <p class="hint">{summaryOf(tracker, t, lang, text, day)}</p>
      </figcaption>
      {tracker.kind !== 'number'
        ? <><DayCells tracker={tracker} dates={dates} byDate={byDate} text={text} day={day} /><Legend tracker={tracker} /></>
        : tracker.days.length > 0 && (
          <>
            <Sparkline dates={dates} days={tracker.days} />
            <details class="shared-values">
              <summary>{t('allValues')}</summary>
              <ol>{tracker.days.map((d) => <li key={d.date}>{day(d.date)}: {text(d.value)}</li>)}</ol>
            </details>
          </>
        )}
    </figure>
  )
}
