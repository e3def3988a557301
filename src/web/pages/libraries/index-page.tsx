/** All libraries with how many items each holds (one small page read per library), and the clipboard. */
import { request } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { countItems } from './count'
import { LIBRARIES, libraryNames, libraryPath, type Destination } from './names'
import { strings } from './strings'

/** How many items a paged list holds: the total of its first page of one. */
const total = async (path: '/clipboard' | `/libraries/${string}`, signal: AbortSignal) =>
  (await request('GET', `${path}?per_page=1`, undefined, { signal })).meta.pagination.total

export default function LibrariesPage() {
  const t = useT(strings)
  const names = useT(libraryNames)
  const lang = useLang()
  const loaded = useLoad(async (signal) => {
    const destinations: Destination[] = [...LIBRARIES, 'clipboard']
    const counts = await Promise.all(destinations.map((d) => total(d === 'clipboard' ? '/clipboard' : `/libraries/${d}`, signal)))
    return destinations.map((library, i) => ({ library, count: counts[i]! }))
  }, [])

  return (
    <Page title={t('title')}>
      <p class="hint library-intro">{t('intro')}</p>
      <LoadState loaded={loaded}>
        {(libraries) => (
          <>
            {libraries.every((l) => l.count === 0) && (
              <Empty>{t('nothingYet')} <a href={PAGES.quickAdd}>{t('addSome')}</a></Empty>
            )}
            <ul class="library-grid">
              {libraries.map(({ library, count }) => (
                <li key={library} class={count === 0 ? 'library-card library-card-empty' : 'library-card'}>
                  <a href={libraryPath(library)}>{names(library)}</a>
                  <span class="library-count">{countItems(count, lang, t)}</span>
                  {library === 'clipboard' && <span class="hint">{t('clipboardHint')}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </LoadState>
    </Page>
  )
}
