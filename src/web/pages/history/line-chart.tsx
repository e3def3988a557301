/**
 * One tracker over time as a uPlot line chart. Every day of the period is an x value; a day without a value is
 * `null` and the line breaks there (`spanGaps: false`), so a missing day is never drawn as if it were known.
 * Colours come from the CSS variables at draw time and are redrawn when the system switches light/dark; the
 * chart follows its container's width.
 *
 * No legend: a day's value appears where it is read — beside the point under the pointer, or, with the chart
 * focused, beside the day the arrow keys (Home, End) move to, also told to assistive technology. The canvas itself
 * is hidden from it: the page gives the same data as a summary and a table.
 *
 * The box has its size before there is a chart in it (the stylesheet's `.chart`, which also holds the plot's
 * height): until the data comes it stays an empty placeholder, and the page around it does not move.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import uPlot from 'uplot'
import { formatDay, locale } from '../../lib/format'
import type { Lang } from '../../lib/i18n'
import { msDate } from '../check-in/trackers'
import { cssVar, useSchemeVersion } from './theme'

export interface ChartData { xs: number[]; ys: (number | null)[] }

/**
 * The value (y) axis: its range (fixed, or from the values), where its ticks go (fixed values, or the steps uPlot
 * may choose from), how a tick is written, and the axis's name (a unit) drawn beside it.
 */
export interface ValueAxis {
  range: uPlot.Scale.Range
  splits?: number[]
  steps?: number[]
  format: (value: number) => string
  label?: string
}

/** The built-in trackers' 1–5. */
export const RATING_AXIS: ValueAxis = { range: [0.5, 5.5], splits: [1, 2, 3, 4, 5], format: String }

const TICK_SIZE = 10
const TICK_GAP = 5
let measurer: CanvasRenderingContext2D | undefined
/** The y axis as wide as its longest tick value in `font` (a 1–5 axis stays narrow, "1,250.5" gets its room). */
const axisWidth = (font: string) => (_u: uPlot, values: string[] | undefined) => {
  if (!values?.length) return 32
  // A canvas of its own: uPlot caches the font of its canvas, and would draw in one set behind its back.
  measurer ??= document.createElement('canvas').getContext('2d')!
  measurer.font = font
  const widest = Math.max(...values.map((v) => measurer!.measureText(v).width))
  return Math.max(32, Math.ceil(widest) + TICK_SIZE + TICK_GAP + 4)
}

/** The day being read: its index, and where its point is in the frame (px). */
interface Reading { idx: number; left: number; top: number }

const KEYS: Record<string, (idx: number, last: number) => number> = {
  ArrowLeft: (idx) => Math.max(0, idx - 1), ArrowRight: (idx, last) => Math.min(last, idx + 1), Home: () => 0, End: (_, last) => last,
}

export function LineChart({ data, label, noValue, keysHint, lang, dateFormat, axis = RATING_AXIS, valueText = String }: {
  data: ChartData | undefined; label: string; noValue: string; keysHint: string; lang: Lang; dateFormat: string
  /** The value axis (the built-in 1–5 unless given); keep it the same object while it does not change. */
  axis?: ValueAxis
  /** A value as the reading says it ("72.5 kg"). */
  valueText?: (value: number) => string
}) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)
  const [reading, setReading] = useState<Reading>()
  const scheme = useSchemeVersion()

  useEffect(() => {
    const el = box.current!
    if (!data) return
    const height = parseFloat(getComputedStyle(el).getPropertyValue('--plot-height'))
    const accent = cssVar('--accent')
    const muted = cssVar('--muted')
    const grid = cssVar('--border')
    const tick = new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' })
    const dense = data.xs.length > 120
    const font = `12px ${getComputedStyle(el).fontFamily}`
    const look = { stroke: muted, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1, size: TICK_SIZE }, gap: TICK_GAP }
    const options: uPlot.Options = {
      width: el.clientWidth || 300,
      height,
      // Day timestamps are UTC midnights: drawn in UTC so no local offset moves a point to the day before.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: axis.range } },
      cursor: { drag: { x: false, y: false } },
      legend: { show: false },
      axes: [
        { ...look, space: 64, values: (_u, splits) => splits.map((s) => tick.format(new Date(s * 1000))) },
        {
          ...look, size: axisWidth(font), ...(axis.splits && { splits: axis.splits }), ...(axis.steps && { incrs: axis.steps }),
          values: (_u, splits) => splits.map(axis.format),
          ...(axis.label && { label: axis.label, labelSize: 18, labelGap: 0, labelFont: `600 ${font}` }),
        },
      ],
      series: [
        {},
        {
          label, stroke: accent, width: 2, spanGaps: false,
          // Points carry the single days between gaps, which a line alone would not show.
          points: { show: true, size: dense ? 3 : 6, fill: accent, stroke: accent },
        },
      ],
      hooks: {
        setCursor: [(u) => {
          const idx = u.cursor.idx
          if (idx == null) return setReading(undefined)
          const y = data.ys[idx]
          setReading({
            idx,
            left: u.over.offsetLeft + u.valToPos(data.xs[idx]!, 'x'),
            top: u.over.offsetTop + (y == null ? u.over.clientHeight / 2 : u.valToPos(y, 'y')),
          })
        }],
      },
    }
    const drawn = new uPlot(options, [data.xs, data.ys], el)
    chart.current = drawn
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== drawn.width) drawn.setSize({ width: el.clientWidth, height })
    })
    resize.observe(el)
    return () => {
      resize.disconnect()
      drawn.destroy()
      chart.current = null
      setReading(undefined)
    }
  }, [data, label, scheme, lang, dateFormat, axis])

  /** Puts uPlot's cursor on a day, as the pointer would; its hook then shows the reading. */
  const readDay = (idx: number) => {
    const u = chart.current
    if (!u || !data) return
    const y = data.ys[idx]
    u.setCursor({ left: u.valToPos(data.xs[idx]!, 'x'), top: y == null ? u.over.clientHeight / 2 : u.valToPos(y, 'y') })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEYS[event.key]
    if (!move || !data) return
    event.preventDefault()
    readDay(move(reading?.idx ?? data.xs.length - 1, data.xs.length - 1))
  }
  // On focus the reading starts at the newest day that has a value.
  const onFocus = () => {
    if (!data || reading) return
    const newest = data.ys.findLastIndex((y) => y !== null)
    readDay(newest === -1 ? data.xs.length - 1 : newest)
  }
  const onBlur = () => chart.current?.setCursor({ left: -10, top: -10 })

  const value = reading && data ? data.ys[reading.idx] : undefined
  const text = reading && data ? `${formatDay(msDate(data.xs[reading.idx]! * 1000), dateFormat)}: ${value == null ? noValue : `${label} ${valueText(value)}`}` : ''
  const width = box.current?.clientWidth ?? 0
  return (
    <div class="chart-frame" tabIndex={data ? 0 : undefined} role="group" aria-label={`${label}. ${keysHint}`}
      onKeyDown={onKeyDown} onFocus={onFocus} onBlur={onBlur}>
      <div ref={box} class="chart" aria-hidden="true" />
      {/* Always there (empty when nothing is read), so what is written into it is announced. */}
      <p class="chart-reading" aria-live="polite"
        style={reading ? { left: `${reading.left}px`, top: `${reading.top}px`, transform: reading.left > width / 2 ? 'translate(calc(-100% - 10px), -50%)' : 'translate(10px, -50%)' } : undefined}>
        {text}
      </p>
    </div>
  )
}
