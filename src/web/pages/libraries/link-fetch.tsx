/**
 * On a link whose page could not be fetched (docs/api/quick-add.md §8): says so and why, and "Fetch again" has the
 * server read the page again (§9.1). A try that fails says why and changes nothing; one that works gives the item
 * its page's title and takes the note away.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api, ApiError } from '../../lib/api'
import { errorMessage } from '../../lib/api-messages'
import { useLang, useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import type { LibraryItem } from './item'
import { fetchStrings, isFetchReason, reasonStrings } from './fetch-strings'

export function LinkFetchNote({ item, name, onFetched }: { item: LibraryItem; name: string; onFetched: (item: LibraryItem) => void }) {
  const t = useT(fetchStrings)
  const why = useT(reasonStrings)
  const lang = useLang()
  const [fetchedTitle, setFetchedTitle] = useState<string>()
  const done = useRef<HTMLParagraphElement>(null)
  const again = useAction(async () => {
    const saved = await api.post(`/libraries/links/${item.id}/refetch`)
    setFetchedTitle(String(saved.title))
    onFetched(saved)
  })
  // The button is gone with the note: the focus goes to what happened instead of to the page's start.
  useEffect(() => { if (fetchedTitle !== undefined) done.current?.focus() }, [fetchedTitle])

  /** A failed retry in words: the API's reason where it gives one, else its error as every page words it. */
  const failure = (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code === 'fetch_refused') return why('refused')
      if (error.code === 'fetch_timeout') return why('timeout')
      const reason = Array.isArray(error.errors) ? error.errors[0] : undefined
      if (error.code === 'fetch_failed' && isFetchReason(reason)) return why(reason)
      if (error.code === 'not_found') return t('gone')
    }
    return errorMessage(error, lang)
  }

  if (fetchedTitle !== undefined) return <p ref={done} tabIndex={-1} class="fetch-note" role="status">{t('fetched', { title: fetchedTitle })}</p>
  if (item.library !== 'links' || item.fetch_failed !== true) return null
  return (
    <div class="fetch-note">
      <p>{t('failed')}{isFetchReason(item.fetch_error) && <> {why(item.fetch_error)}</>}</p>
      <button type="button" aria-label={t('fetchAgainWhat', { what: name })} onClick={() => again.run()} disabled={again.pending}
        aria-busy={again.pending}>{t('fetchAgain')}</button>
      {again.error !== undefined && <p class="field-error" role="alert">{t('stillFailed')} {failure(again.error)}</p>}
    </div>
  )
}
