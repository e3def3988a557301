/**
 * The person's trackers in their order (archived ones included, marked), and the form to add one. The order is
 * each tracker's `position` (docs/api/trackers.md §1): a move swaps the positions of two neighbours, and where
 * they are equal (never by this page) numbers the whole list anew. What each change came to is said in one
 * status line, for everyone and for screen readers.
 */
import { useRef, useState } from 'preact/hooks'
import { Empty, ErrorNotice, LoadState } from '../../components/ui'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import { useLoad } from '../../lib/use-load'
import { loadOwnTrackers, type OwnTracker } from '../check-in/own-trackers'
import { TrackerForm } from './tracker-form'
import { TrackerItem, type Direction } from './tracker-item'
import { strings } from './strings'

const place = (id: OwnTracker['id'], position: number) => api.patch(`/trackers/${id}`, { position })

/** Stores `list` with the tracker at `index` moved one place in `direction`. */
async function storeMove(list: OwnTracker[], index: number, direction: Direction) {
  const other = direction === 'up' ? index - 1 : index + 1
  const [a, b] = [list[index]!, list[other]!]
  if (a.position !== b.position) {
    await place(a.id, b.position)
    await place(b.id, a.position)
    return
  }
  const order = [...list]
  order[index] = b
  order[other] = a
  for (const [i, tracker] of order.entries()) if (tracker.position !== i) await place(tracker.id, i)
}

export function TrackersSection() {
  const t = useT(strings)
  const loaded = useLoad(loadOwnTrackers, [])
  const [status, setStatus] = useState('')
  const [moved, setMoved] = useState<{ id: OwnTracker['id']; direction: Direction }>()
  const heading = useRef<HTMLHeadingElement>(null)
  const done = (message: string) => {
    setStatus(message)
    loaded.reload()
  }
  const move = useAction(async (list: OwnTracker[], index: number, direction: Direction) => {
    const tracker = list[index]!
    setMoved({ id: tracker.id, direction })
    try {
      await storeMove(list, index, direction)
    } catch (error) {
      // Half a swap may be stored: the list shows what is.
      loaded.reload()
      throw error
    }
    done(t('moved', { name: tracker.name, place: index + (direction === 'up' ? 0 : 2), count: list.length }))
  })
  return (
    <section class="card stack own-section" aria-labelledby="own-trackers">
      <h2 id="own-trackers" ref={heading} tabIndex={-1}>{t('trackers')}</h2>
      <p class="hint">{t('intro')}</p>
      <LoadState loaded={loaded}>
        {(list) => list.length === 0 ? <Empty>{t('noTrackers')}</Empty> : (
          <ol class="own-list">
            {list.map((tracker, index) => (
              <TrackerItem key={tracker.id} tracker={tracker} first={index === 0} last={index === list.length - 1} moving={move.pending}
                focusMove={moved?.id === tracker.id ? moved.direction : undefined}
                onMove={(direction) => void move.run(list, index, direction)} onSaved={done}
                onDeleted={() => {
                  done(t('deleted', { name: tracker.name }))
                  heading.current?.focus()
                }} />
            ))}
          </ol>
        )}
      </LoadState>
      {move.error !== undefined && <ErrorNotice error={move.error} />}
      <p class="own-status" role="status">{status}</p>
      <h3>{t('addTracker')}</h3>
      <TrackerForm onSaved={(saved) => done(t('added', { name: saved.name }))} />
    </section>
  )
}
