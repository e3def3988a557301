/**
 * The search's results (docs/api/search.md): `?q=` as the shell's box sent it, best first, a page at a time. Each
 * hit links to where the app shows it; the words found are marked.
 */
import { useLocation } from 'preact-iso'
import { request } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { formatDateTime, formatDay } from '../../lib/format'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Page, Pager, When } from '../../components/ui'
import { Marked, type SearchHit } from './marked'
import { searchPath } from './search-box'
import { strings } from './strings'

const PER_PAGE = 20

export default function SearchPage() {
  const t = useT(strings)
  const { query } = useLocation()
  const q = (query.q ?? '').trim()
  const page = Math.max(1, Math.floor(Number(query.page)) || 1)
  return (
    <Page title={q === '' ? t('title') : t('titleFor', { q })}>
      {/* Keyed by the search: another one starts loading afresh rather than showing the last one's hits meanwhile. */}
      {q === '' ? <p class="hint">{t('hint')}</p> : <Results key={`${page} ${q}`} q={q} page={page} />}
    </Page>
  )
}

function Results({ q, page }: { q: string; page: number }) {
  const t = useT(strings)
  const { route } = useLocation()
  const loaded = useLoad(async (signal) => {
    const answer = await request('GET', `/search?q=${encodeURIComponent(q)}&page=${page}&per_page=${PER_PAGE}`, undefined, { signal })
    return { hits: answer.data, pagination: answer.meta!.pagination }
  }, [q, page])
  return (
    <LoadState loaded={loaded}>
      {({ hits, pagination }) => hits.length === 0 ? <Empty>{t('none', { q })}</Empty> : (
        <>
          <p class="search-count" role="status">{t('count', { count: pagination.total })}</p>
          <ol class="search-hits">
            {hits.map((hit) => <Hit key={`${hit.kind} ${hit.id}`} hit={hit} />)}
          </ol>
          <Pager page={pagination.current_page} last={pagination.last_page} onPage={(next) => route(searchPath(q, next))} />
        </>
      )}
    </LoadState>
  )
}

/** One hit: what it is and when, a link named after it, and the part of its text that holds the words. */
function Hit({ hit }: { hit: SearchHit }) {
  const t = useT(strings)
  const { prefs } = useSession()
  const name = hit.kind === 'library' ? (hit.title.length > 0 ? <Marked segments={hit.title} /> : t('untitled'))
    : hit.kind === 'clipboard' ? t('clipOf', { when: formatDateTime(hit.date, prefs) })
    : t('noteOf', { day: formatDay(hit.date, prefs.dateFormat) })
  const kind = hit.kind === 'library' && hit.library ? t(hit.library) : hit.kind === 'clipboard' ? t('clipboard') : t('dayNote')
  return (
    <li class="card search-hit">
      <h2><a href={hit.link}>{name}</a></h2>
      <p class="search-hit-meta">
        <span class="badge">{kind}</span>
        {hit.kind === 'library' && <span>{t('savedOn')} <When iso={hit.date} /></span>}
      </p>
      {hit.snippet.length > 0 && <p class="search-hit-snippet"><Marked segments={hit.snippet} /></p>}
    </li>
  )
}
