/**
 * The report as one HTML document (docs/api/shares.md §1): a head with the summary of every chosen tracker, then
 * each one's figures and chart, then the day notes when chosen, in the person's language and date format. Every
 * text of the person's is escaped; the page has no script and links only the report's stylesheet and the app's icon.
 */
import { escapeUTF8 as esc } from 'entities'
import type { DATE_FORMATS } from '../users/setting-values'
import { dayGrid, lineChart, type ChartLabels } from './charts'
import type { DaysFigure, Figure, LineFigure } from './figures'
import { STYLE_PATH } from './style'
import { WORDS, localeOf, say, type Lang } from './words'

export type DateFormat = (typeof DATE_FORMATS)[number]

/** A calendar date (YYYY-MM-DD) in one of the person's date formats (docs/api/users.md §6). */
export function formatDate(date: string, format: DateFormat): string {
  const [y, m, d] = [date.slice(0, 4), date.slice(5, 7), date.slice(8, 10)]
  return format.replace('YYYY', y).replace('YY', y.slice(2)).replace('mm', m).replace('dd', d)
}

/** The head and foot of any page of the report's: language, no indexing, the report's stylesheet. */
export function documentOf(lang: Lang, title: string, body: string): string {
  return '<!doctype html>'
    + `<html lang="${lang}"><head><meta charset="utf-8">`
    + '<meta name="viewport" content="width=device-width, initial-scale=1">'
    + '<meta name="robots" content="noindex, nofollow"><meta name="color-scheme" content="light">'
    + `<title>${esc(title)}</title>`
    + `<link rel="stylesheet" href="${STYLE_PATH}"><link rel="icon" href="/icon.svg" type="image/svg+xml">`
    + `</head><body><main class="report">${body}</main></body></html>`
}

export interface ReportPage {
  lang: Lang
  dateFormat: DateFormat
  /** the person's name */
  name: string
  from: string
  to: string
  dates: readonly string[]
  figures: readonly Figure[]
  /** the day notes in the period, oldest first; undefined when they were not chosen */
  notes?: readonly { date: string; text: string }[]
  /** the person's today, for "made on" */
  today: string
  /** a share's last day (the person's calendar), for its foot */
  sharedUntil?: string
}

/** The whole report page. */
export function reportDocument(r: ReportPage): string {
  const w = WORDS[r.lang].text
  const date = (d: string) => formatDate(d, r.dateFormat)
  const numbers = new Map<number, Intl.NumberFormat>()
  const number = (value: number, decimals: number) => {
    if (!numbers.has(decimals)) numbers.set(decimals, new Intl.NumberFormat(localeOf(r.lang), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }))
    return numbers.get(decimals)!.format(value)
  }
  const weekdays = Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(localeOf(r.lang), { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i)))
  const period = { from: date(r.from), to: date(r.to) }
  const withUnit = (f: LineFigure, value: number, decimals: number) => (f.unit ? `${number(value, decimals)} ${f.unit}` : number(value, decimals))
  const counts = (f: DaysFigure) => say(r.lang, f.sport ? w.sportDays : w.yesNo, { yes: f.yes, no: f.no, n: r.dates.length })
  const valuesOn = (n: number) => say(r.lang, w.valuesOn, { count: n, n: r.dates.length })

  const summaryRow = (f: Figure) => {
    const head = `<th scope="row">${esc(f.name)}</th>`
    if (f.kind === 'days') return `<tr>${head}<td class="num">${f.yes + f.no}</td><td colspan="3">${esc(counts(f))}</td></tr>`
    if (!f.stats) return `<tr>${head}<td class="num">0</td><td colspan="3">${esc(w.noValues)}</td></tr>`
    const { n, mean, min, max } = f.stats
    return `<tr>${head}<td class="num">${n}</td><td class="num">${esc(withUnit(f, mean, f.decimals + 1))}</td>`
      + `<td class="num">${esc(withUnit(f, min, f.decimals))}</td><td class="num">${esc(withUnit(f, max, f.decimals))}</td></tr>`
  }

  const section = (f: Figure, i: number) => {
    const id = `figure-${i + 1}`
    const labels = (summary: string): ChartLabels => ({ number, date, weekdays, meanWord: w.meanLine, summary })
    const parts = [`<h2 id="${id}">${esc(f.name)}${f.kind === 'line' && f.unit ? ` (${esc(f.unit)})` : ''}</h2>`]
    if (f.kind === 'line') {
      const [low, high] = f.ends
      if (f.range && (low || high)) parts.push(`<p class="meta">${esc(`${f.range[0]} = ${low ?? '–'} · ${f.range[1]} = ${high ?? '–'}`)}</p>`)
      if (!f.stats) parts.push(`<p class="stats">${esc(w.noValues)}</p>`)
      else {
        const { n, mean, min, max } = f.stats
        const stats = `${w.mean} ${withUnit(f, mean, f.decimals + 1)} · ${w.min} ${withUnit(f, min, f.decimals)} · ${w.max} ${withUnit(f, max, f.decimals)} · ${valuesOn(n)}`
        parts.push(`<p class="stats">${esc(stats)}</p>`)
        parts.push(lineChart(f, r.dates, labels(say(r.lang, w.chart, {
          tracker: f.name, ...period, mean: withUnit(f, mean, f.decimals + 1), min: withUnit(f, min, f.decimals), max: withUnit(f, max, f.decimals), values: valuesOn(n),
        }))))
      }
    } else {
      parts.push(`<p class="stats">${esc(counts(f))}</p>`)
      parts.push(dayGrid(f, r.dates, labels(say(r.lang, w.grid, { tracker: f.name, ...period, counts: counts(f) }))))
      parts.push(`<ul class="legend"><li><span class="swatch yes"></span>${esc(w.yes)}</li><li><span class="swatch no"></span>${esc(w.no)}</li>`
        + `<li><span class="swatch none"></span>${esc(w.none)}</li></ul>`)
      if (f.counts.length > 0) parts.push(`<ul class="counts">${f.counts.map((c) => `<li>${esc(`${c.name}: ${c.days}`)}</li>`).join('')}</ul>`)
    }
    return `<section class="figure" aria-labelledby="${id}">${parts.join('')}</section>`
  }

  const notes = r.notes === undefined ? '' : `<section aria-labelledby="notes"><h2 id="notes">${esc(w.notes)}</h2>${r.notes.length === 0
    ? `<p class="meta">${esc(w.noNotes)}</p>`
    : `<dl class="notes">${r.notes.map((n) => `<div><dt>${esc(date(n.date))}</dt><dd>${esc(n.text)}</dd></div>`).join('')}</dl>`}</section>`

  const foot = [`<p>${esc(say(r.lang, w.made, { date: date(r.today) }))}</p>`]
  if (r.sharedUntil) foot.push(`<p>${esc(say(r.lang, w.sharedUntil, { name: r.name, date: date(r.sharedUntil) }))}</p>`)

  const subtitle = say(r.lang, w.subtitle, { name: r.name, ...period })
  const body = `<header><p class="brand">daybook</p><h1>${esc(w.title)}</h1><p class="subtitle">${esc(subtitle)}</p></header>`
    + `<section aria-labelledby="summary"><h2 id="summary">${esc(w.summary)}</h2><table><thead><tr>`
    + `<th scope="col">${esc(w.tracker)}</th><th scope="col" class="num">${esc(w.days)}</th><th scope="col" class="num">${esc(w.mean)}</th>`
    + `<th scope="col" class="num">${esc(w.min)}</th><th scope="col" class="num">${esc(w.max)}</th></tr></thead>`
    + `<tbody>${r.figures.map(summaryRow).join('')}</tbody></table></section>`
    + r.figures.map(section).join('') + notes
    + `<footer class="report-foot">${foot.join('')}</footer>`
  return documentOf(r.lang, `${w.title} · ${subtitle}`, body)
}

/** A page saying why there is no report here, in each language given (a stranger's browser may read any of them). */
export function noticeDocument(langs: readonly Lang[], title: 'notFoundTitle' | 'goneTitle' | 'limitedTitle', text: 'notFoundText' | 'goneText' | 'limitedText'): string {
  const [first] = langs as [Lang]
  const parts = langs.map((lang, i) => {
    const heading = i === 0 ? `<h1>${esc(WORDS[lang].text[title])}</h1>` : `<h2>${esc(WORDS[lang].text[title])}</h2>`
    return `<div class="notice" lang="${lang}">${heading}<p>${esc(WORDS[lang].text[text])}</p></div>`
  })
  return documentOf(first, WORDS[first].text[title], `<p class="brand">daybook</p>${parts.join('')}`)
}
