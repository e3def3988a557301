/**
 * One library's items, newest first, a page at a time (the page number lives in the address). To-dos are open ones
 * by due date unless the address asks for others, each with its one-tap toggle.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { useLocation, useRoute } from 'preact-iso'
import { request } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Notice, Page, Pager } from '../../components/ui'
import { PAGES } from '../../paths'
import { itemName, LibraryItemView, type LibraryItem } from './item'
import { isLibraryName, libraryNames, libraryPath, type LibraryName } from './names'
import { strings } from './strings'
import { TodoFilter, todoView, todoViewQuery, type TodoView } from './todo-filter'
import { useToggledList } from './todo-toggle'
import { todoStrings } from './todo-strings'

const PER_PAGE = 20

export default function LibraryPage() {
  const { params } = useRoute()
  const type = params.type ?? ''
  return isLibraryName(type) ? <LibraryItems library={type} /> : <UnknownLibrary type={type} />
}

function UnknownLibrary({ type }: { type: string }) {
  const t = useT(strings)
  return (
    <Page title={t('unknown')}>
      <p>{t('unknownText', { type })}</p>
      <p><a href={PAGES.libraries}>{t('all')}</a></p>
    </Page>
  )
}

function LibraryItems({ library }: { library: LibraryName }) {
  const t = useT(strings)
  const names = useT(libraryNames)
  const tt = useT(todoStrings)
  const { query, route } = useLocation()
  const page = Math.max(1, Math.floor(Number(query.page)) || 1)
  const view = library === 'todos' ? todoView(query) : null
  /** What was last done to an item; `id` changes every time, so two changes of the same name are both announced. */
  const [said, setSaid] = useState<{ text: string; id: number }>()
  const say = (text: string) => setSaid((old) => ({ text, id: (old?.id ?? 0) + 1 }))
  const feedback = useRef<HTMLDivElement>(null)
  const loaded = useLoad(async (signal) => {
    const path: `/libraries/${string}` = `/libraries/${library}?${[`page=${page}&per_page=${PER_PAGE}`, ...(view ? [`status=${view.status}&sort=${view.sort}`] : [])].join('&')}`
    const answer = await request('GET', path, undefined, { signal })
    return { items: answer.data, pagination: answer.meta!.pagination }
  }, [library, page, view?.status, view?.sort])
  const { list, onToggled } = useToggledList(loaded.data?.items, () => false)
  // A deleted item took the focused button with it (and a changed one may have left the list or moved): the message
  // about it takes the focus instead.
  useEffect(() => { if (said && (!document.activeElement || document.activeElement === document.body)) feedback.current?.focus() }, [said, loaded.data])

  const address = (next: number, shown: TodoView | null) => {
    const parts = [...(shown ? todoViewQuery(shown) : []), ...(next > 1 ? [`page=${next}`] : [])]
    return parts.length > 0 ? `${libraryPath(library)}?${parts.join('&')}` : libraryPath(library)
  }
  const goTo = (next: number) => route(address(next, view))
  const empty = view?.status === 'open' ? tt('noOpen') : view?.status === 'done' ? tt('noDone') : t('empty')

  const afterDelete = (item: LibraryItem, itemsOnPage: number) => {
    say(t('deleted', { what: itemName(item) }))
    // The last item of a later page is gone: that page no longer exists, show the one before.
    if (itemsOnPage === 1 && page > 1) goTo(page - 1)
    else loaded.reload()
  }

  // Read again: a changed due date or completion moves the item in the list, or out of it.
  const afterSave = (saved: LibraryItem) => {
    say(t('saved', { what: itemName(saved) }))
    loaded.reload()
  }

  return (
    <Page title={names(library)}>
      <p><a href={PAGES.libraries}>{t('all')}</a></p>
      <div ref={feedback} tabIndex={-1} class="feedback">{said && <Notice key={said.id} kind="success">{said.text}</Notice>}</div>
      {view && <TodoFilter view={view} onView={(next) => route(address(1, next))} />}
      <LoadState loaded={loaded}>
        {({ items, pagination }) => items.length === 0 ? (
          <Empty>{empty} <a href={PAGES.quickAdd}>{t('addSome')}</a></Empty>
        ) : (
          <>
            <ul class="library-items" aria-label={t('list', { library: names(library) })}>
              {list.map((item) => (
                <LibraryItemView key={item.id} item={item} onDeleted={() => afterDelete(item, items.length)}
                  onSaved={(saved) => afterSave(saved)} onToggled={onToggled} />
              ))}
            </ul>
            <Pager page={pagination.current_page} last={pagination.last_page} onPage={goTo} />
          </>
        )}
      </LoadState>
    </Page>
  )
}
