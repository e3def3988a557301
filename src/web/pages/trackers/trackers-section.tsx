/**
 * The person's trackers in their order (archived ones included, marked), moved up and down (order.tsx), and the
 * form to add one.
 */
import { Empty, ErrorNotice, LoadState } from '../../components/ui'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { loadOwnTrackers } from '../check-in/own-trackers'
import { DefinitionSection, useDefinitions } from './definition-section'
import { useMoves } from './order'
import { TrackerForm } from './tracker-form'
import { TrackerItem } from './tracker-item'
import { strings } from './strings'

export function TrackersSection() {
  const t = useT(strings)
  const list = useDefinitions(loadOwnTrackers)
  const moves = useMoves((id, position) => api.patch(`/trackers/${id}`, { position }), list.loaded.reload, list.done)
  return (
    <DefinitionSection id="own-trackers" title={t('trackers')} intro={t('intro')} list={list} addTitle={t('addTracker')}
      form={<TrackerForm onSaved={(saved) => list.done(t('added', { name: saved.name }))} />}>
      <LoadState loaded={list.loaded}>
        {(trackers) => trackers.length === 0 ? <Empty>{t('noTrackers')}</Empty> : (
          <ol class="own-list">
            {trackers.map((tracker, index) => (
              <TrackerItem key={tracker.id} tracker={tracker} order={moves.of(trackers, index)} onSaved={list.done}
                onDeleted={() => list.deleted(t('deleted', { name: tracker.name }))} />
            ))}
          </ol>
        )}
      </LoadState>
      {moves.error !== undefined && <ErrorNotice error={moves.error} />}
    </DefinitionSection>
  )
}
