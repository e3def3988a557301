/**
 * One tracker over time as a uPlot line chart. Every day of the period is an x value; a day without a value is
 * `null` and the line breaks there (`spanGaps: false`), so a missing day is never drawn as if it were known.
 * Colours come from the CSS variables at draw time and are redrawn when the system switches light/dark; the
 * chart follows its container's width. The chart itself is hidden from assistive technology: the page gives
 * the same data as a summary and a table.
 *
 * The box has its size before there is a chart in it (the stylesheet's `.chart`, which also holds the plot's
 * height): until the data comes it stays an empty placeholder, and the page around it does not move.
 */
import { useEffect, useRef } from 'preact/hooks'
import uPlot from 'uplot'
import { formatDay, locale } from '../../lib/format'
import type { Lang } from '../../lib/i18n'
import { msDate } from '../check-in/trackers'
import { cssVar, useSchemeVersion } from './theme'

export interface ChartData { xs: number[]; ys: (number | null)[] }

export function LineChart({ data, label, dateLabel, lang, dateFormat }: {
  data: ChartData | undefined; label: string; dateLabel: string; lang: Lang; dateFormat: string
}) {
  const box = useRef<HTMLDivElement>(null)
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
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
    const options: uPlot.Options = {
      width: el.clientWidth || 300,
      height,
      // Day timestamps are UTC midnights: drawn in UTC so no local offset moves a point to the day before.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: () => [0.5, 5.5] } },
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
      axes: [
        { ...axis, space: 64, values: (_u, splits) => splits.map((s) => tick.format(new Date(s * 1000))) },
        { ...axis, size: 32, splits: () => [1, 2, 3, 4, 5], values: (_u, splits) => splits.map(String) },
      ],
      series: [
        { label: dateLabel, value: (_u, ts) => ts == null ? '—' : formatDay(msDate(ts * 1000), dateFormat) },
        {
          label, stroke: accent, width: 2, spanGaps: false, value: (_u, v) => v == null ? '—' : String(v),
          // Points carry the single days between gaps, which a line alone would not show.
          points: { show: true, size: dense ? 3 : 6, fill: accent, stroke: accent },
        },
      ],
    }
    const chart = new uPlot(options, [data.xs, data.ys], el)
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== chart.width) chart.setSize({ width: el.clientWidth, height })
    })
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [data, label, scheme, lang, dateFormat])

  return <div ref={box} class="chart" aria-hidden="true" />
}
