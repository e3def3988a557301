/**
 * The report's charts as SVG, drawn on the server so the page needs no script to show or print them. Colours and
 * type come from the report's stylesheet (classes only: no style attributes, which the CSP would refuse). Each
 * chart is an image with its summary in words as its name, for screen readers.
 */
import { escapeUTF8 as esc } from 'entities'
import type { DaysFigure, LineFigure } from './figures'

const W = 640
const H = 168
const PAD = { left: 44, right: 12, top: 10, bottom: 26 }
const PLOT_W = W - PAD.left - PAD.right
const PLOT_H = H - PAD.top - PAD.bottom

/** What a chart needs to label itself: how numbers and dates are written in the person's settings. */
export interface ChartLabels {
  number: (value: number, decimals: number) => string
  /** a calendar date as the person writes dates */
  date: (date: string) => string
  /** the short names of the weekdays, Monday first */
  weekdays: readonly string[]
  meanWord: string
  /** the chart's summary in words: its accessible name */
  summary: string
}

/** Up to five ticks at round steps (1, 2 or 5 times a power of ten) covering `lo`–`hi`. */
export function niceAxis(lo: number, hi: number): { lo: number; hi: number; ticks: number[] } {
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1]
  const raw = (hi - lo) / 4
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!
  const start = Math.floor(lo / step) * step
  const end = Math.ceil(hi / step) * step
  const ticks: number[] = []
  for (let v = start; v <= end + step / 2; v += step) ticks.push(Number(v.toFixed(10)))
  return { lo: start, hi: end, ticks }
}

/** A scale's axis: every whole number between its ends, or round steps when there are more than eleven. */
function axisOf(figure: LineFigure): { lo: number; hi: number; ticks: number[] } {
  const stats = figure.stats
  if (!figure.range) return niceAxis(stats?.min ?? 0, stats?.max ?? 1)
  const [lo, hi] = figure.range
  if (hi - lo > 10) return niceAxis(lo, hi)
  return { lo, hi, ticks: Array.from({ length: hi - lo + 1 }, (_, i) => lo + i) }
}

const f1 = (n: number) => n.toFixed(1)

/** The values day by day as a line, broken where a day has none, with a dot on each value and the mean dashed. */
export function lineChart(figure: LineFigure, dates: readonly string[], labels: ChartLabels): string {
  const { lo, hi, ticks } = axisOf(figure)
  const last = Math.max(1, dates.length - 1)
  const x = (i: number) => PAD.left + (dates.length === 1 ? PLOT_W / 2 : (i / last) * PLOT_W)
  const y = (v: number) => PAD.top + ((hi - v) / (hi - lo)) * PLOT_H
  const parts: string[] = []
  for (const tick of ticks) {
    parts.push(`<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${f1(y(tick))}" y2="${f1(y(tick))}"/>`)
    parts.push(`<text class="tick" x="${PAD.left - 6}" y="${f1(y(tick) + 3.5)}" text-anchor="end">${esc(labels.number(tick, figure.range ? 0 : figure.decimals))}</text>`)
  }
  const shown = dates.length <= 5 ? dates.map((_, i) => i) : [0, 1, 2, 3, 4].map((k) => Math.round((k * last) / 4))
  for (const i of shown) {
    const anchor = i === 0 && dates.length > 1 ? 'start' : i === last && dates.length > 1 ? 'end' : 'middle'
    parts.push(`<text class="tick" x="${f1(x(i))}" y="${H - 8}" text-anchor="${anchor}">${esc(labels.date(dates[i]!))}</text>`)
  }
  // Consecutive days with a value make one line; a day without one leaves a gap.
  let run: string[] = []
  const flush = () => {
    if (run.length > 1) parts.push(`<polyline class="line" points="${run.join(' ')}"/>`)
    run = []
  }
  figure.values.forEach((v, i) => (v === null ? flush() : run.push(`${f1(x(i))},${f1(y(v))}`)))
  flush()
  figure.values.forEach((v, i) => {
    if (v !== null) parts.push(`<circle class="dot" cx="${f1(x(i))}" cy="${f1(y(v))}" r="2.2"/>`)
  })
  if (figure.stats) {
    const my = f1(y(figure.stats.mean))
    parts.push(`<line class="mean" x1="${PAD.left}" x2="${W - PAD.right}" y1="${my}" y2="${my}"/>`)
    parts.push(`<text class="mean-label" x="${W - PAD.right}" y="${f1(y(figure.stats.mean) - 4)}" text-anchor="end">${esc(labels.meanWord)} ${esc(labels.number(figure.stats.mean, figure.decimals + 1))}</text>`)
  }
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(labels.summary)}">${parts.join('')}</svg>`
}

const CELL = 12
const STEP = 14
const LEFT = 30

/**
 * The days of the period as a calendar: a column per week (Monday on top), a cell per day, filled for yes, grey for
 * no, outlined where nothing was recorded. Days outside the period are not drawn.
 */
export function dayGrid(figure: DaysFigure, dates: readonly string[], labels: ChartLabels): string {
  const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7
  const offset = dates.length > 0 ? weekday(dates[0]!) : 0
  const weeks = Math.ceil((offset + dates.length) / 7)
  const width = LEFT + weeks * STEP
  const height = 7 * STEP
  const parts: string[] = []
  for (const row of [0, 2, 4]) {
    parts.push(`<text class="tick" x="${LEFT - 4}" y="${row * STEP + CELL - 2}" text-anchor="end">${esc(labels.weekdays[row]!)}</text>`)
  }
  dates.forEach((date, i) => {
    const slot = offset + i
    const mark = figure.marks[i]
    const kind = mark === true ? 'yes' : mark === false ? 'no' : 'none'
    parts.push(`<rect class="day ${kind}" x="${LEFT + Math.floor(slot / 7) * STEP}" y="${(slot % 7) * STEP}" width="${CELL}" height="${CELL}" rx="2"/>`)
  })
  return `<svg class="grid-chart" width="${width}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(labels.summary)}">${parts.join('')}</svg>`
}
