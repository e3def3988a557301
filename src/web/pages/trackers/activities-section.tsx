/**
 * The person's activities (docs/api/trackers.md §6) under their groups: added with a name and an optional group
 * (the groups already used are offered), renamed or moved to another group in place, archived (hidden from the
 * check-in, kept on the days that have them) and deleted after a question.
 */
import { useId, useRef, useState } from 'preact/hooks'
import { common } from '../../components/strings'
import { Empty, ErrorNotice, Field, LoadState } from '../../components/ui'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { useLoad } from '../../lib/use-load'
import { byGroup, loadActivities, type Activity } from '../check-in/own-trackers'
import { ArchiveButton, DeleteButton, FormEnd, useEditing } from './item-parts'
import { strings } from './strings'

/** Name and group, to add an activity or to change one. */
function ActivityForm({ activity, groupsId, onSaved, onCancel }: {
  activity?: Activity
  /** The datalist of the groups in use. */
  groupsId: string
  onSaved: (saved: Activity) => void
  onCancel?: () => void
}) {
  const t = useT(strings)
  const c = useT(common)
  const [name, setName] = useState(activity?.name ?? '')
  const [group, setGroup] = useState(activity?.group ?? '')
  // A blank name is said here: the API would take it as not sent, and a rename would keep the old one.
  const [blank, setBlank] = useState(false)
  const save = useAction(async () => {
    setBlank(!name.trim())
    if (!name.trim()) return
    const body = { name, group: group.trim() || null }
    const saved = activity ? await api.patch(`/activities/${activity.id}`, body) : await api.post('/activities', body)
    if (!activity) setName('')
    onSaved(saved)
  })
  return (
    <form class="stack" onSubmit={onSubmit(save.run)} noValidate>
      <div class="form-grid">
        <Field label={t('name')} name="name" required maxLength={50} autocomplete="off" value={name} onValue={setName}
          error={blank && !name.trim() ? t('nameMissing') : save.fieldError('name', t('name'))} />
        <Field label={t('group')} name="group" maxLength={40} autocomplete="off" list={groupsId} hint={t('groupHint')} value={group}
          onValue={setGroup} error={save.fieldError('group', t('group'))} />
      </div>
      <FormEnd save={save} label={activity ? c('save') : t('add')} onCancel={onCancel} />
    </form>
  )
}

function ActivityItem({ activity, groupsId, onSaved, onDeleted }: {
  activity: Activity; groupsId: string; onSaved: (message: string) => void; onDeleted: () => void
}) {
  const t = useT(strings)
  const edit = useEditing()
  const name = activity.name
  const archive = useAction(async () => {
    await api.patch(`/activities/${activity.id}`, { archived: !activity.archived })
    onSaved(t(activity.archived ? 'unarchivedDone' : 'archivedDone', { name }))
  })
  return (
    <li class={activity.archived ? 'own-item own-archived' : 'own-item'}>
      <div class="own-head">
        <span class="own-name">{name}</span>
        {activity.archived && <span class="badge">{t('archived')}</span>}
      </div>
      {edit.editing ? (
        <ActivityForm activity={activity} groupsId={groupsId} onCancel={edit.close} onSaved={(saved) => {
          edit.close()
          onSaved(t('changed', { name: saved.name }))
        }} />
      ) : (
        <div class="row own-actions">
          <button type="button" ref={edit.button} aria-label={t('renameWhat', { name })} onClick={edit.open}>{t('rename')}</button>
          <ArchiveButton name={name} archived={activity.archived} pending={archive.pending} onToggle={() => archive.run()} />
          <DeleteButton name={name} question={t('deleteActivity', { name })} remove={() => api.delete(`/activities/${activity.id}`)}
            onDeleted={onDeleted} />
        </div>
      )}
      {archive.error !== undefined && <ErrorNotice error={archive.error} />}
    </li>
  )
}

export function ActivitiesSection() {
  const t = useT(strings)
  const loaded = useLoad(loadActivities, [])
  const [status, setStatus] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  const groupsId = useId()
  const done = (message: string) => {
    setStatus(message)
    loaded.reload()
  }
  const groups = byGroup(loaded.data ?? [])
  return (
    <section class="card stack own-section" aria-labelledby="own-activities">
      <h2 id="own-activities" ref={heading} tabIndex={-1}>{t('activities')}</h2>
      <p class="hint">{t('activitiesIntro')}</p>
      <LoadState loaded={loaded}>
        {(list) => list.length === 0 ? <Empty>{t('noActivities')}</Empty> : (
          <div class="activity-groups">
            {groups.map(({ group, activities }) => (
              <div key={group ?? ''} class="activity-group">
                <h3>{group ?? t('noGroup')}</h3>
                <ul class="own-list">
                  {activities.map((activity) => (
                    <ActivityItem key={activity.id} activity={activity} groupsId={groupsId} onSaved={done} onDeleted={() => {
                      done(t('deleted', { name: activity.name }))
                      heading.current?.focus()
                    }} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </LoadState>
      <datalist id={groupsId}>
        {groups.flatMap(({ group }) => (group === null ? [] : [<option key={group} value={group} />]))}
      </datalist>
      <p class="own-status" role="status">{status}</p>
      <h3>{t('addActivity')}</h3>
      <ActivityForm groupsId={groupsId} onSaved={(saved) => done(t('added', { name: saved.name }))} />
    </section>
  )
}
