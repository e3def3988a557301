/**
 * Which to-dos the library page lists: open, done or all (open unless the address says otherwise), by due date or
 * newest first; the API filters and sorts (docs/api/quick-add.md §9). The choice lives in the address.
 */
import { useT } from '../../lib/i18n'
import { todoStrings } from './todo-strings'

const STATUSES = ['open', 'done', 'all'] as const
const SORTS = ['due', 'created'] as const
export type TodoStatus = (typeof STATUSES)[number]
export type TodoSort = (typeof SORTS)[number]
export interface TodoView { status: TodoStatus; sort: TodoSort }

const oneOf = <V extends string>(values: readonly V[], value: string | undefined, fallback: V): V =>
  (values as readonly string[]).includes(value ?? '') ? (value as V) : fallback

/** The view an address asks for; anything unknown is the default (open, by due date). */
export const todoView = (query: Record<string, string | undefined>): TodoView =>
  ({ status: oneOf(STATUSES, query.status, 'open'), sort: oneOf(SORTS, query.sort, 'due') })

/** The view's part of an address: nothing for the default. */
export function todoViewQuery(view: TodoView): string[] {
  return [view.status === 'open' ? '' : `status=${view.status}`, view.sort === 'due' ? '' : `sort=${view.sort}`].filter(Boolean)
}

function Choices<V extends TodoStatus | TodoSort>({ legend, name, values, value, onValue }: {
  legend: string; name: string; values: readonly V[]; value: V; onValue: (value: V) => void
}) {
  const t = useT(todoStrings)
  return (
    <fieldset class="segmented">
      <legend>{legend}</legend>
      {values.map((v) => (
        <label key={v} class="choice">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onValue(v)} />
          <span>{t(v)}</span>
        </label>
      ))}
    </fieldset>
  )
}

export function TodoFilter({ view, onView }: { view: TodoView; onView: (view: TodoView) => void }) {
  const t = useT(todoStrings)
  return (
    <div class="todo-filter">
      <Choices legend={t('show')} name="todo-status" values={STATUSES} value={view.status} onValue={(status) => onView({ ...view, status })} />
      <Choices legend={t('sortBy')} name="todo-sort" values={SORTS} value={view.sort} onValue={(sort) => onView({ ...view, sort })} />
    </div>
  )
}
