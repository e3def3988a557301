/** What detect made of the text: the type, how sure, and what it read from it (a to-do's date and repeat). */
import type { ComponentChildren } from 'preact'
import { locale } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { DueDate } from '../libraries/item'
import { fieldNames, typeNames, valueName, valueNames } from '../libraries/names'
import type { Detection } from './use-detect'
import { strings } from './strings'

/** A repeat written in the text: the API drops it when there is no due date, so the user is told. */
const REPEAT_TOKEN = /(^|\s)repeat:(daily|weekly|monthly|yearly)(?=\s|$)/i

function Facts({ detection }: { detection: Detection }) {
  const t = useT(strings)
  const f = useT(fieldNames)
  const v = useT(valueNames)
  const m = detection.metadata
  const rows: [string, ComponentChildren][] = []
  if (detection.content_type === 'todo' && 'due_at' in m) {
    rows.push([f('title'), m.title])
    rows.push([f('due_at'), m.due_at ? <DueDate date={m.due_at} /> : t('noDue')])
    if (m.repeat) rows.push([f('repeat'), valueName(v, 'repeat', m.repeat)])
    if (m.tags.length) rows.push([f('tags'), m.tags.map((tag) => <span key={tag} class="badge">#{tag}</span>)])
    if (m.category) rows.push([f('category'), m.category])
    if (m.link) rows.push([f('link'), m.link])
  } else if ('hostname' in m) {
    rows.push([f('hostname'), m.hostname])
    rows.push([f('url'), m.url])
  } else if ('title' in m) {
    rows.push([f('title'), m.title])
  }
  return (
    <>
      <dl class="item-facts">
        {rows.map(([label, value]) => <div class="fact" key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
      </dl>
      {detection.content_type === 'todo' && 'due_at' in m && !m.due_at && REPEAT_TOKEN.test(detection.content) && (
        <p class="hint">{t('repeatNeedsDue')}</p>
      )}
    </>
  )
}

export function DetectionCard({ detection, stale }: { detection: Detection; stale: boolean }) {
  const t = useT(strings)
  const types = useT(typeNames)
  const lang = useLang()
  const percent = new Intl.NumberFormat(locale(lang), { style: 'percent' }).format(detection.confidence)
  return (
    <section class={stale ? 'card detection detection-stale' : 'card detection'} aria-labelledby="detected-type">
      <p id="detected-type" class="detection-type">
        {t('detected')} <strong>{types(detection.content_type)}</strong>{' '}
        <span class={detection.needs_confirmation ? 'badge badge-warn' : 'badge'} title={t('confidence')}>{t('sure', { percent })}</span>
      </p>
      <Facts detection={detection} />
    </section>
  )
}
