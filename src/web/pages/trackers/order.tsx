/**
 * The order of a list of definitions (trackers, sports): each one's `position` (docs/api/trackers.md §1 and §7),
 * changed with an "up" and a "down" button on its row. A move swaps the positions of two neighbours, and where
 * they are equal (never by this page) numbers the whole list anew. What a move came to is said in the section's
 * status line.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import { strings } from './strings'

export type Direction = 'up' | 'down'

/** What a move needs of a definition. */
interface Placed { id: number; name: string; position: number }

/** Stores `list` with the item at `index` moved one place in `direction`, each new place through `place`. */
async function storeMove(list: Placed[], index: number, direction: Direction, place: (id: number, position: number) => Promise<unknown>) {
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
  for (const [i, item] of order.entries()) if (item.position !== i) await place(item.id, i)
}

/** What a row's move buttons need: where it stands, whether a move is under way, and the focus after its own. */
export interface MoveProps {
  first: boolean
  last: boolean
  /** A move is under way: another waits until it is done. */
  moving: boolean
  /** The move button to give the focus back to once this item has moved (a moved list item loses it). */
  focusMove?: Direction
  position: number
  onMove: (direction: Direction) => void
}

/**
 * Moves within a loaded list: `place` stores one position, `reload` reads the list again (also after a failed
 * move, since half a swap may be stored), `done` says what the move came to.
 */
export function useMoves(place: (id: number, position: number) => Promise<unknown>, reload: () => void, done: (message: string) => void) {
  const t = useT(strings)
  const [moved, setMoved] = useState<{ id: number; direction: Direction }>()
  const move = useAction(async (list: Placed[], index: number, direction: Direction) => {
    const item = list[index]!
    setMoved({ id: item.id, direction })
    try {
      await storeMove(list, index, direction, place)
    } catch (error) {
      reload()
      throw error
    }
    done(t('moved', { name: item.name, place: index + (direction === 'up' ? 0 : 2), count: list.length }))
  })
  return {
    error: move.error,
    /** The move buttons' props of the row at `index`. */
    of: (list: Placed[], index: number): MoveProps => ({
      first: index === 0, last: index === list.length - 1, moving: move.pending, position: list[index]!.position,
      focusMove: moved?.id === list[index]!.id ? moved.direction : undefined,
      onMove: (direction) => void move.run(list, index, direction),
    }),
  }
}

export function MoveButtons({ name, first, last, moving, focusMove, position, onMove }: MoveProps & { name: string }) {
  const t = useT(strings)
  const buttons = { up: useRef<HTMLButtonElement>(null), down: useRef<HTMLButtonElement>(null) }
  useEffect(() => {
    if (focusMove) buttons[focusMove].current?.focus()
  }, [focusMove, position])
  const move = (direction: Direction) => {
    if (!moving && !(direction === 'up' ? first : last)) onMove(direction)
  }
  // aria-disabled, not disabled: the button keeps the focus when its item reaches the end of the list.
  return (
    <>
      <button type="button" ref={buttons.up} aria-label={t('upWhat', { name })} aria-disabled={first || moving}
        onClick={() => move('up')}><span aria-hidden="true">↑ </span>{t('up')}</button>
      <button type="button" ref={buttons.down} aria-label={t('downWhat', { name })} aria-disabled={last || moving}
        onClick={() => move('down')}><span aria-hidden="true">↓ </span>{t('down')}</button>
    </>
  )
}
