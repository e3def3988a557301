/**
 * The clipboard (docs/api/clipboard.md): texts and images kept for later, newest first, a page at a time. Images are
 * shown from their public file URLs; each entry can be copied back to the system clipboard or deleted.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { request } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Notice, Page, Pager } from '../../components/ui'
import { PAGES } from '../../paths'
import { EntryItem } from './entry-item'
import { ImagePicker } from './image-picker'
import { TextForm } from './text-form'
import type { ClipboardEntry } from './types'
import { strings } from './strings'

const PER_PAGE = 20

/** `id` changes with every message, so the same words said twice are announced twice. */
type Feedback = { kind: 'success' | 'error'; text: string; id: number }

export default function ClipboardPage() {
  const t = useT(strings)
  const { query, route } = useLocation()
  const page = Math.max(1, Math.floor(Number(query.page)) || 1)
  const [feedback, setFeedbackState] = useState<Feedback>()
  const feedbackBox = useRef<HTMLDivElement>(null)
  const setFeedback = (kind: Feedback['kind'], text: string) => setFeedbackState((old) => ({ kind, text, id: (old?.id ?? 0) + 1 }))
  const loaded = useLoad(async (signal) => {
    const answer = await request('GET', `/clipboard?page=${page}&per_page=${PER_PAGE}`, undefined, { signal })
    return { entries: answer.data, pagination: answer.meta!.pagination }
  }, [page])
  // A deleted entry or a finished upload took the focused button with it: the message takes the focus instead.
  useEffect(() => { if (feedback && (!document.activeElement || document.activeElement === document.body)) feedbackBox.current?.focus() }, [feedback, loaded.data])

  const goTo = (next: number) => route(next > 1 ? `${PAGES.clipboard}?page=${next}` : PAGES.clipboard)

  /** A new entry is the newest: it shows on the first page. */
  const added = (text: string) => {
    setFeedback('success', text)
    if (page === 1) loaded.reload()
    else goTo(1)
  }

  const deleted = (entriesOnPage: number) => {
    setFeedback('success', t('deleted'))
    if (entriesOnPage === 1 && page > 1) goTo(page - 1)
    else loaded.reload()
  }

  return (
    <Page title={t('title')}>
      <div class="cards">
        <section class="card collect-section" aria-labelledby="clip-add-text">
          <h2 id="clip-add-text">{t('addText')}</h2>
          <TextForm onSaved={() => added(t('textSaved'))} />
        </section>
        <section class="card collect-section" aria-labelledby="clip-add-image">
          <h2 id="clip-add-image">{t('addImage')}</h2>
          <ImagePicker onUploaded={() => added(t('imageSaved'))} />
        </section>
      </div>
      <section aria-labelledby="clip-entries">
        <h2 id="clip-entries">{t('entries')}</h2>
        <div ref={feedbackBox} tabIndex={-1} class="feedback">{feedback && <Notice key={feedback.id} kind={feedback.kind}>{feedback.text}</Notice>}</div>
        <LoadState loaded={loaded}>
          {({ entries, pagination }) => entries.length === 0 ? <Empty>{t('empty')}</Empty> : (
            <>
              <ul class="clip-entries" aria-labelledby="clip-entries">
                {entries.map((entry) => (
                  <EntryItem key={entry.id} entry={entry}
                    onCopied={(ok) => (ok ? setFeedback('success', t('copied')) : setFeedback('error', t('copyFailed')))}
                    onDeleted={() => deleted(entries.length)} />
                ))}
              </ul>
              <Pager page={pagination.current_page} last={pagination.last_page} onPage={goTo} />
            </>
          )}
        </LoadState>
      </section>
    </Page>
  )
}
