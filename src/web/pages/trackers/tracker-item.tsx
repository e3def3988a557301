/**
 * One tracker of the list: what it records in words, and what can be done with it — moved up or down the order
 * (order.tsx), changed in place, archived (hidden from the check-in, its values kept), shared with friends, deleted
 * after a question that says its values go with it.
 */
import { useEffect, useId, useState } from 'preact/hooks'
import { ErrorNotice } from '../../components/ui'
import { api } from '../../lib/api'
import { useLang, useT, type Lang, type Translate } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import { formatNumber, type OwnTracker } from '../check-in/own-trackers'
import { ArchiveButton, DeleteButton, useEditing } from './item-parts'
import { MoveButtons, type MoveProps } from './order'
import { TrackerForm } from './tracker-form'
import { strings } from './strings'

type T = Translate<keyof typeof strings.en>

/** "Scale 1–5 · bad … great", "Yes or no", "Number in kg · 0 to 300 · 1 decimal place". */
export function describeTracker(t: T, tracker: OwnTracker, lang: Lang): string {
  const { min, max } = tracker
  if (tracker.kind === 'yesno') return t('yesno')
  if (tracker.kind === 'scale') {
    const ends = t('scaleRange', { min: min ?? '', max: max ?? '' })
    if (tracker.min_label === null && tracker.max_label === null) return ends
    return `${ends} · ${t('scaleWords', { low: tracker.min_label ?? String(min), high: tracker.max_label ?? String(max) })}`
  }
  const n = (value: number) => formatNumber(value, lang)
  const parts = [tracker.unit ? t('numberUnit', { unit: tracker.unit }) : t('number')]
  if (min !== null && max !== null) parts.push(t('between', { min: n(min), max: n(max) }))
  else if (min !== null) parts.push(t('atLeast', { min: n(min) }))
  else if (max !== null) parts.push(t('atMost', { max: n(max) }))
  parts.push(tracker.decimals > 0 ? t('places', { count: tracker.decimals }) : t('whole'))
  return parts.join(' · ')
}

export function TrackerItem({ tracker, order, onSaved, onDeleted }: {
  tracker: OwnTracker
  order: MoveProps
  /** A change stored, with what to say about it. */
  onSaved: (message: string) => void
  onDeleted: () => void
}) {
  const t = useT(strings)
  const lang = useLang()
  const nameId = useId()
  const edit = useEditing()
  // The box shows its new state while the change is under way; the stored one once the list is read again.
  const [sharing, setSharing] = useState<boolean>()
  useEffect(() => setSharing(undefined), [tracker.shared])
  const name = tracker.name
  const change = useAction(async (patch: { archived?: boolean; shared?: boolean }, message: string) => {
    await api.patch(`/trackers/${tracker.id}`, patch)
    onSaved(message)
  })

  return (
    <li class={tracker.archived ? 'own-item own-archived' : 'own-item'}>
      <div class="own-head">
        {tracker.emoji && <span class="own-emoji" aria-hidden="true">{tracker.emoji}</span>}
        <h3 id={nameId} class="own-name">{name}</h3>
        {tracker.archived && <span class="badge">{t('archived')}</span>}
        {tracker.shared && <span class="badge">{t('shared')}</span>}
      </div>
      <p class="hint">{describeTracker(t, tracker, lang)}</p>
      {edit.editing ? (
        <TrackerForm tracker={tracker} onCancel={edit.close} onSaved={(saved) => {
          edit.close()
          onSaved(t('changed', { name: saved.name }))
        }} />
      ) : (
        <div class="row own-actions">
          <MoveButtons name={name} {...order} />
          <button type="button" ref={edit.button} aria-label={t('editWhat', { name })} onClick={edit.open}>{t('edit')}</button>
          <ArchiveButton name={name} archived={tracker.archived} pending={change.pending}
            onToggle={() => change.run({ archived: !tracker.archived }, t(tracker.archived ? 'unarchivedDone' : 'archivedDone', { name }))} />
          <label class="own-check">
            <input type="checkbox" checked={sharing ?? tracker.shared} aria-describedby={nameId} disabled={change.pending}
              onChange={(e) => {
                const shared = e.currentTarget.checked
                setSharing(shared)
                void change.run({ shared }, t(shared ? 'sharedDone' : 'unsharedDone', { name })).then((ok) => ok || setSharing(undefined))
              }} />
            {t('share')}
          </label>
          <DeleteButton name={name} question={t('deleteTracker', { name })} remove={() => api.delete(`/trackers/${tracker.id}`)}
            onDeleted={onDeleted} />
        </div>
      )}
      {change.error !== undefined && <ErrorNotice error={change.error} />}
    </li>
  )
}
