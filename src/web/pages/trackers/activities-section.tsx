/**
 * The person's activities (docs/api/trackers.md §6) under their groups: added with a name and an optional group
 * (the groups already used are offered), renamed or moved to another group in place, archived (hidden from the
 * check-in, kept on the days that have them) and deleted after a question.
 */
import { useId } from 'preact/hooks'
import { common } from '../../components/strings'
import { Empty, LoadState } from '../../components/ui'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { byGroup, loadActivities, type Activity } from '../check-in/own-trackers'
import { DefinitionSection, useDefinitions } from './definition-section'
import { NameForm, NamedItem, type ExtraField, type RowForm } from './named-item'
import { strings } from './strings'

/** Name and group, to add an activity or to change one. */
function ActivityForm({ activity, group, onSaved, onCancel }: Partial<RowForm> & {
  activity?: Activity; group: ExtraField; onSaved: (saved: Activity) => void
}) {
  const t = useT(strings)
  const c = useT(common)
  return (
    <NameForm initial={activity && { name: activity.name, extra: activity.group }} extra={group} label={activity ? c('save') : t('add')}
      send={(name, group) => {
        const body = { name, group }
        return activity ? api.patch(`/activities/${activity.id}`, body) : api.post('/activities', body)
      }}
      onSaved={onSaved} onCancel={onCancel} />
  )
}

export function ActivitiesSection() {
  const t = useT(strings)
  const list = useDefinitions(loadActivities)
  const groupsId = useId()
  const group: ExtraField = { key: 'group', label: t('group'), maxLength: 40, hint: t('groupHint'), list: groupsId, keep: true }
  const groups = byGroup(list.loaded.data ?? [])
  return (
    <DefinitionSection id="own-activities" title={t('activities')} intro={t('activitiesIntro')} list={list} addTitle={t('addActivity')}
      form={<ActivityForm group={group} onSaved={(saved) => list.done(t('added', { name: saved.name }))} />}>
      <LoadState loaded={list.loaded}>
        {(activities) => activities.length === 0 ? <Empty>{t('noActivities')}</Empty> : (
          <div class="activity-groups">
            {groups.map(({ group: name, activities: inGroup }) => (
              <div key={name ?? ''} class="activity-group">
                <h3>{name ?? t('noGroup')}</h3>
                <ul class="own-list">
                  {inGroup.map((activity) => (
                    <NamedItem key={activity.id} name={activity.name} archived={activity.archived}
                      form={(row) => <ActivityForm activity={activity} group={group} {...row} />}
                      setArchived={(archived) => api.patch(`/activities/${activity.id}`, { archived })}
                      remove={() => api.delete(`/activities/${activity.id}`)} question={t('deleteActivity', { name: activity.name })}
                      onSaved={list.done} onDeleted={() => list.deleted(t('deleted', { name: activity.name }))} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </LoadState>
      <datalist id={groupsId}>
        {groups.flatMap(({ group: name }) => (name === null ? [] : [<option key={name} value={name} />]))}
      </datalist>
    </DefinitionSection>
  )
}
