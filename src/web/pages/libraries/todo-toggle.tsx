/**
 * The one-tap completion of a to-do (docs/api/quick-add.md §11): a checkbox that completes or reopens it through
 * PATCH. A completed repeating to-do names its next occurrence's due date. Lists keep a ticked to-do where it was
 * (struck through, so a slip is undone with a second tap) until they load again.
 */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useAction } from '../../lib/use-action'
import { ErrorNotice } from '../../components/ui'
import { dueDay } from './due-date'
import type { LibraryItem } from './item'
import { todoStrings } from './todo-strings'

/** A toggled to-do as the API answered, and the next occurrence its completion created (or had created). */
export interface Toggled { item: LibraryItem; next: LibraryItem | null }

/** `children`: the checkbox's visible label; `label` its accessible name where that says more (which to-do is done). */
export function TodoToggle({ item, name, onToggled, children, label }: {
  item: LibraryItem; name: string; onToggled: (toggled: Toggled) => void; children: ComponentChildren; label?: string
}) {
  const t = useT(todoStrings)
  const { prefs } = useSession()
  const done = item.is_completed === true
  const [said, setSaid] = useState('')
  const toggle = useAction(async () => {
    setSaid('')
    const updated = await api.patch(`/libraries/todos/${item.id}`, { is_completed: !done })
    const next = updated.is_completed && typeof updated.next_id === 'string' ? await api.get(`/libraries/todos/${updated.next_id}`) : null
    onToggled({ item: updated, next })
    const nextDue = typeof next?.due_at === 'string' ? ` ${t('nextDue', { day: dueDay(next.due_at, prefs) })}` : ''
    setSaid(updated.is_completed ? t('doneNotice', { what: name }) + nextDue : t('reopened', { what: name }))
  })
  return (
    <div class="todo-toggle">
      <label class="todo-check">
        {/* While the request runs the box shows what was asked for; a failure puts it back. */}
        <input type="checkbox" aria-label={label} checked={toggle.pending ? !done : done} disabled={toggle.pending} aria-busy={toggle.pending}
          onChange={() => toggle.run()} />
        <span>{children}</span>
      </label>
      <span class="todo-said" role="status">{said}</span>
      {toggle.error !== undefined && <ErrorNotice error={toggle.error} />}
    </div>
  )
}

/** Due date ascending, undated last, then oldest first: the API's `sort=due` (docs/api/quick-add.md §9). */
function byDue(a: LibraryItem, b: LibraryItem): number {
  const [da, db] = [a.due_at, b.due_at].map((d) => (typeof d === 'string' ? d : '\uffff'))
  return da!.localeCompare(db!) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)
}

interface Changes { of: LibraryItem[] | undefined; changed: Map<string, LibraryItem>; added: Map<string, LibraryItem> }

/**
 * A loaded list with the toggles made since it loaded: each toggled to-do in its new state, and the next occurrences
 * `keepNext` accepts added in due-date order (Today adds those due today or before). A new load starts afresh.
 */
export function useToggledList(items: LibraryItem[] | undefined, keepNext: (next: LibraryItem) => boolean) {
  const fresh = (): Changes => ({ of: items, changed: new Map(), added: new Map() })
  const [state, setState] = useState<Changes>(fresh)
  const current = state.of === items ? state : fresh()
  const onToggled = ({ item, next }: Toggled) => setState((old) => {
    const base = old.of === items ? old : fresh()
    const changed = new Map(base.changed).set(item.id, item)
    const added = new Map(base.added)
    const listed = items?.some((i) => i.id === next?.id)
    if (next && !listed && keepNext(next)) added.set(item.id, next)
    // Reopening took back an untouched occurrence (next_id is null again): it leaves the list too.
    else if (added.get(item.id)?.id !== item.next_id) added.delete(item.id)
    return { of: items, changed, added }
  })
  const shown = (item: LibraryItem) => current.changed.get(item.id) ?? item
  const list = (items ?? []).map(shown)
  const extra = [...current.added.values()].map(shown)
  return { list: extra.length === 0 ? list : [...list, ...extra].sort(byDue), onToggled }
}
