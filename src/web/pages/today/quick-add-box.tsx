/**
 * The start page's quick add: one text box, filed where the server's detection says (docs/api/quick-add.md §2, §6).
 * Its date picker writes a to-do's due date into the text. Choosing another library or editing details is the
 * quick-add page's job; this box links there.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, Notice } from '../../components/ui'
import { PAGES } from '../../paths'
import { strings } from './strings'
import { libraryNames, libraryPath } from '../libraries/names'
import type { ApiData } from '../../lib/api-types'
import { itemTitle } from './library-items'
import { DuePicker } from '../quick-add/due-picker'

export function QuickAddBox({ onAdded }: { onAdded: () => void }) {
  const t = useT(strings)
  const tl = useT(libraryNames)
  const [content, setContent] = useState('')
  const [added, setAdded] = useState<ApiData<'post', '/dashboard/quick-add/commit'>>()
  const add = useAction(async () => {
    setAdded(undefined)
    const detected = await api.post('/dashboard/quick-add/detect', { content })
    const item = await api.post('/dashboard/quick-add/commit', { content: detected.content, content_type: detected.content_type })
    setAdded(item)
    setContent('')
    onAdded()
  })
  const library = added?.library
  return (
    <section class="card stack" aria-labelledby="today-quick-add">
      <h2 id="today-quick-add">{t('quickAdd')}</h2>
      <form class="quick-add-box" onSubmit={onSubmit(add.run)} noValidate>
        <Field label={t('quickAddLabel')} name="content" required value={content} onValue={setContent}
          hint={t('quickAddHint')} error={add.fieldError('content', t('quickAddLabel'))} />
        <DuePicker text={content} onText={setContent} />
        <button type="submit" class="primary" disabled={add.pending} aria-busy={add.pending}>{t('add')}</button>
      </form>
      {add.formError !== undefined && <ErrorNotice error={add.formError} />}
      {added && library && (
        <Notice kind="success">
          {t('filed', { library: tl(library) })} <strong>{itemTitle(added)}</strong>{' '}
          <a href={libraryPath(library)}>{t('openLibrary', { library: tl(library) })}</a>
        </Notice>
      )}
      <p><a href={PAGES.quickAdd}>{t('moreOptions')}</a></p>
    </section>
  )
}
