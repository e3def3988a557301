/**
 * Today's to-dos: the open ones due today or before (overdue marked), by due date, each ticked off with one tap
 * (docs/api/quick-add.md §9, §11). A ticked one stays, struck through, so a slip is undone with a second tap; the
 * next occurrence of a repeating one joins the list when it is due by today too.
 */
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState } from '../../components/ui'
import { DueDate, itemName } from '../libraries/item'
import { libraryNames, libraryPath } from '../libraries/names'
import { useToggledList, TodoToggle } from '../libraries/todo-toggle'
import { todoStrings } from '../libraries/todo-strings'

/** `refresh` changes when something may have added a to-do (the quick-add box): the card reads its list again. */
export function TodosCard({ today, refresh }: { today: string; refresh: number }) {
  const t = useT(todoStrings)
  const names = useT(libraryNames)
  const loaded = useLoad((signal) => {
    // The page size's limit: a day rarely holds more, and the library page lists them all.
    return api.get(`/libraries/todos?status=open&sort=due&due_until=${today}&per_page=100`, { signal })
  }, [today, refresh])
  const { list, onToggled } = useToggledList(loaded.data, (next) => typeof next.due_at === 'string' && next.due_at <= today)
  return (
    <section class="card stack" aria-labelledby="today-todos">
      <h2 id="today-todos">{names('todos')}</h2>
      <p class="hint">{t('dueHint')}</p>
      <LoadState loaded={loaded}>
        {() => list.length === 0 ? <Empty>{t('nothingDue')}</Empty> : (
          <ul class="todo-list" aria-labelledby="today-todos">
            {list.map((item) => {
              const name = itemName(item)
              return (
                <li key={item.id} class={item.is_completed === true ? 'todo-done' : undefined}>
                  <TodoToggle item={item} name={name} onToggled={onToggled}><span class="todo-title">{name}</span></TodoToggle>
                  {typeof item.due_at === 'string' && <p class="hint todo-due"><DueDate date={item.due_at} done={item.is_completed === true} /></p>}
                </li>
              )
            })}
          </ul>
        )}
      </LoadState>
      <p><a href={libraryPath('todos')}>{t('allTodos')}</a></p>
    </section>
  )
}
