/**
 * An import from another app (docs/api/import.md §6): choose the file, check it (a dry run that writes nothing),
 * see what it holds and the rows that cannot go over, choose where each mood name, activity, scale and habit goes
 * (the defaults preselected), then import with that mapping.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { Notice } from '../../components/ui'
import { fileRefusal, uploadError } from './refusal'
import { strings } from './strings'
import { foreignStrings } from './foreign-strings'

export type ForeignFormat = 'daylio-csv' | 'daylio-backup' | 'loop-csv'
const ACCEPT: Record<ForeignFormat, string> = { 'daylio-csv': '.csv,text/csv', 'daylio-backup': '.daylio,application/zip', 'loop-csv': '.zip,application/zip' }

interface Named { name: string; count: number }
interface Findings {
  rows: number; days: number; date_range: { from: string; to: string } | null
  moods: (Named & { value: number | null })[]; activities: (Named & { target: { to: string } })[]
  scales: (Named & { target: { to: string } })[]; habits: (Named & { target: { to: string }; left_out: string | null })[]
  refused_rows: number; refused: { line: number; why: string }[]
}
type Choices = Record<'moods' | 'activities' | 'scales' | 'habits', Record<string, string>>

const choicesOf = (f: Findings): Choices => ({
  moods: Object.fromEntries(f.moods.map((m) => [m.name, m.value === null ? '' : String(m.value)])),
  activities: Object.fromEntries(f.activities.map((a) => [a.name, a.target.to])),
  scales: Object.fromEntries(f.scales.map((s) => [s.name, s.target.to])),
  habits: Object.fromEntries(f.habits.map((h) => [h.name, h.target.to])),
})

/** The API's mapping from the choices: a mood left out is null; every other choice names its target kind. */
function mappingOf(choices: Choices): string {
  const targets = (part: Record<string, string>) => Object.fromEntries(Object.entries(part).map(([name, to]) => [name, { to }]))
  return JSON.stringify({
    moods: Object.fromEntries(Object.entries(choices.moods).map(([name, v]) => [name, v === '' ? null : Number(v)])),
    activities: targets(choices.activities), scales: targets(choices.scales), habits: targets(choices.habits),
  })
}

export function ForeignForm({ format, onStarted }: { format: ForeignFormat; onStarted: () => void }) {
  const t = useT(strings)
  const f = useT(foreignStrings)
  const lang = useLang()
  const [file, setFile] = useState<File | null>(null)
  const [findings, setFindings] = useState<Findings | null>(null)
  const [choices, setChoices] = useState<Choices | null>(null)
  const [accepted, setAccepted] = useState(false)

  const form = (extra: Record<string, string>) => {
    const body = new FormData()
    if (file) body.append('file', file, file.name)
    body.append('format', format)
    for (const [key, value] of Object.entries(extra)) body.append(key, value)
    return body
  }
  const check = useAction(async () => {
    setAccepted(false)
    const found = (await api.post('/import', form({ dry_run: 'true' }))) as unknown as Findings
    setFindings(found)
    setChoices(choicesOf(found))
  })
  const run = useAction(async () => {
    await api.post('/import', form({ mapping: mappingOf(choices!) }))
    setAccepted(true)
    setFindings(null)
    onStarted()
  })
  const error = check.error ?? run.error
  const refusal = fileRefusal(error, t, f('foreignFile'), lang)
  const other = error !== undefined && !refusal ? uploadError(error, t, lang) : undefined
  const choose = (part: keyof Choices, name: string, value: string) => setChoices((c) => c && { ...c, [part]: { ...c[part], [name]: value } })

  const table = (part: keyof Choices, rows: Named[], options: [string, string][], note?: (row: Named) => string | null) => rows.length > 0 && (
    <section aria-labelledby={`import-${part}`}>
      <h2 id={`import-${part}`}>{f(part)}</h2>
      <table class="import-mapping">
        <thead><tr><th scope="col">{f('name')}</th><th scope="col">{f('becomes')}</th></tr></thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.name}>
              {/* the count beside the name, not in a column of its own: a phone keeps the select's width */}
              <th scope="row"><label for={`import-${part}-${i}`}>{row.name}</label> <span class="hint">({row.count}×)</span></th>
              <td>
                {note?.(row) ?? (
                  <select id={`import-${part}-${i}`} value={choices![part][row.name]} onChange={(e) => choose(part, row.name, e.currentTarget.value)}>
                    {options.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
                  </select>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )

  return (
    <form class="card stack import-form" onSubmit={onSubmit(findings ? run.run : check.run)} noValidate>
      <div class="field">
        <label for="import-foreign-file">{f('foreignFile')}</label>
        <input id="import-foreign-file" type="file" accept={ACCEPT[format]} required
          aria-invalid={refusal ? true : undefined} aria-describedby={refusal ? 'import-foreign-hint import-foreign-error' : 'import-foreign-hint'}
          onChange={(e) => { setFile(e.currentTarget.files?.[0] ?? null); setFindings(null); setAccepted(false); check.clear(); run.clear() }} />
        <p class="hint" id="import-foreign-hint">{f('foreignHint')}</p>
        {refusal && (
          <p class="field-error" id="import-foreign-error" role="alert">
            {refusal.text}{refusal.detail && <> <span lang="en">{refusal.detail}</span></>}
          </p>
        )}
      </div>
      {findings && choices && (
        <div class="stack" role="region" aria-label={f('becomes')}>
          <p role="status">{findings.date_range ? f('found', { rows: String(findings.rows), days: String(findings.days), from: findings.date_range.from, to: findings.date_range.to }) : f('foundNone')}</p>
          {findings.refused_rows > 0 && (
            <details>
              <summary>{f('refusedRows', { count: String(findings.refused_rows) })}</summary>
              <ul lang="en">{findings.refused.map((r) => <li key={`${r.line}-${r.why}`}>{f('line', { line: String(r.line) })} {r.why}</li>)}</ul>
            </details>
          )}
          {table('moods', findings.moods, [['5', '5'], ['4', '4'], ['3', '3'], ['2', '2'], ['1', '1'], ['', f('mood_none')]])}
          {table('activities', findings.activities, [['activity', f('to_activity')], ['yesno', f('to_yesno')], ['ignore', f('to_ignore')]])}
          {table('scales', findings.scales, [['tracker', f('to_tracker')], ['ignore', f('to_ignore')]])}
          {table('habits', findings.habits, [['tracker', f('to_yesno')], ['ignore', f('to_ignore')]],
            (row) => { const left = findings.habits.find((h) => h.name === row.name)?.left_out; return left ? f('leftOut', { why: left }) : null })}
          <p class="hint">{f('existingDays')}</p>
        </div>
      )}
      {other && <Notice kind="error">{other}</Notice>}
      {(check.pending || run.pending) && <p class="hint" role="status">{check.pending ? f('checking') : t('uploading')}</p>}
      {accepted && <Notice kind="success">{t('accepted')}</Notice>}
      <div>
        <button type="submit" class="primary" disabled={check.pending || run.pending} aria-busy={check.pending || run.pending}>
          {findings ? f('run') : f('check')}
        </button>
      </div>
    </form>
  )
}
