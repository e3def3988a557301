/** The newest clipboard entries and library items, each a short list with a link to the full page. */
import { api } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad, type Loaded } from '../../lib/use-load'
import { Empty, LoadState, When } from '../../components/ui'
import { PAGES } from '../../paths'
import { strings } from './strings'
import { libraryNames, libraryPath, type Destination } from '../libraries/names'
import { itemTitle, type LibraryItem } from './library-items'

const NEWEST = 5

export function ClipboardCard() {
  const t = useT(strings)
  const { prefs } = useSession()
  const loaded = useLoad((signal) => api.get(`/clipboard?per_page=${NEWEST}`, { signal }), [])
  return (
    <section class="card stack" aria-labelledby="today-clipboard">
      <h2 id="today-clipboard">{t('clipboard')}</h2>
      <LoadState loaded={loaded}>
        {(entries) => entries.length === 0 ? <Empty>{t('noClips')}</Empty> : (
          <ul class="list newest">
            {entries.map((entry) => (
              <li key={entry.id}>
                {entry.type === 'image' && entry.image_url
                  ? <img class="clip-thumb" src={entry.image_url} alt={t('clipImage', { time: formatDateTime(entry.created_at, prefs) })} />
                  : <p class="clip-text">{entry.content}</p>}
                <p class="hint"><When iso={entry.created_at} /></p>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      <p><a href={PAGES.clipboard}>{t('openClipboard')}</a></p>
    </section>
  )
}

export function RecentItemsCard({ loaded }: { loaded: Loaded<LibraryItem[]> }) {
  const t = useT(strings)
  const tl = useT(libraryNames)
  return (
    <section class="card stack" aria-labelledby="today-recent">
      <h2 id="today-recent">{t('recent')}</h2>
      <LoadState loaded={loaded}>
        {(items) => items.length === 0 ? <Empty>{t('noItems')}</Empty> : (
          <ul class="list newest">
            {items.map((item) => {
              const library = item.library as Destination
              return (
                <li key={`${library}-${item.id}`}>
                  <p class="item-title">{itemTitle(item)}</p>
                  <p class="hint">
                    <a href={libraryPath(library)}>{tl(library)}</a> · <When iso={item.created_at} />
                  </p>
                </li>
              )
            })}
          </ul>
        )}
      </LoadState>
      <p><a href={PAGES.libraries}>{t('allLibraries')}</a></p>
    </section>
  )
}
