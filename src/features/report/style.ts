/**
 * The report's stylesheet: one sheet of A4 in a light theme whatever the reader's system prefers (it is meant to be
 * printed), served from the binary at `STYLE_PATH`. A linked sheet from the same origin is what the app's strict CSP
 * allows (`style-src 'self'`), both on the shared page and inside the web app's preview frame, which inherits the
 * app's policy; an inline <style> would be refused there. The path carries the sheet's hash, so it is cached for a
 * year and a new version is fetched anew.
 */
import { sha256Hex } from '../../lib/crypto'

export const REPORT_CSS = `
@page { size: A4; margin: 14mm 14mm 16mm; }
:root { color-scheme: light; --text: #1d2421; --muted: #4f5a55; --accent: #2f6f5e; --rule: #d5dcd8; --no: #c9d1cd; --mean: #7a4d00;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
html { background: #fff; color: var(--text); font: 11pt/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
body { margin: 0; }
.report { max-width: 182mm; margin: 0 auto; padding: 1.5rem 1rem 2rem; }
.brand { color: var(--accent); font-weight: 700; margin: 0; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: .1rem 0 0; }
h2 { font-size: 1.1rem; margin: 0; }
.subtitle, .meta { color: var(--muted); margin: .2rem 0 0; }
.stats { margin: .2rem 0 .4rem; font-variant-numeric: tabular-nums; }
section { margin-top: 1.4rem; }
.figure { break-inside: avoid; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; margin-top: .4rem; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--rule); vertical-align: top; }
.num { text-align: right; }
.chart { display: block; width: 100%; height: auto; }
.grid-chart { display: block; max-width: 100%; height: auto; }
svg .grid { stroke: var(--rule); stroke-width: 1; }
svg .tick { fill: var(--muted); font-size: 10px; font-family: inherit; }
svg .line { fill: none; stroke: var(--accent); stroke-width: 1.6; stroke-linejoin: round; stroke-linecap: round; }
svg .dot { fill: var(--accent); }
svg .mean { stroke: var(--mean); stroke-width: 1; stroke-dasharray: 4 3; }
svg .mean-label { fill: var(--mean); font-size: 10px; }
svg .day.yes { fill: var(--accent); }
svg .day.no { fill: var(--no); }
svg .day.none { fill: #fff; stroke: #8d9893; stroke-width: 1; }
.legend { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; padding: 0; margin: .4rem 0 0; color: var(--muted); font-size: .9rem; }
.swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin-right: .35em; vertical-align: -.05em; }
.swatch.yes { background: var(--accent); }
.swatch.no { background: var(--no); }
.swatch.none { border: 1px solid #8d9893; }
.counts { margin: .4rem 0 0; padding-left: 1.2rem; }
.notes { margin: .4rem 0 0; }
.notes > div { break-inside: avoid; padding: .4rem 0; border-bottom: 1px solid var(--rule); }
.notes dt { font-weight: 600; }
.notes dd { margin: .1rem 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.report-foot { margin-top: 2rem; padding-top: .5rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: .85rem; }
.report-foot p { margin: .15rem 0; }
.notice p { max-width: 40rem; }
/* A phone's width: the summary's five columns still fit. */
@media (max-width: 32rem) {
  .report { padding: 1rem .75rem 1.5rem; }
  table { font-size: .85rem; }
  th, td { padding: .3rem .25rem; }
}
@media print {
  html { font-size: 10pt; }
  .report { max-width: none; padding: 0; }
}
`

/** Where the sheet is served; the hash changes with its content. */
export const STYLE_PATH = `/s/report-${sha256Hex(REPORT_CSS).slice(0, 12)}.css`
