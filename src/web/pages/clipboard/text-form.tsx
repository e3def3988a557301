/** Keeping a text: sent exactly as typed (the API does not trim clipboard text). */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, TextArea } from '../../components/ui'
import type { ClipboardEntry } from './types'
import { strings } from './strings'

export function TextForm({ onSaved }: { onSaved: (entry: ClipboardEntry) => void }) {
  const t = useT(strings)
  const [content, setContent] = useState('')
  const save = useAction(async () => {
    const entry = await api.post('/clipboard', { content })
    setContent('')
    onSaved(entry)
  })
  return (
    <form class="stack" onSubmit={onSubmit(save.run)} noValidate>
      <TextArea label={t('text')} name="content" rows={3} value={content} onValue={setContent} error={save.fieldError('content', t('text'))} />
      {save.formError !== undefined && <ErrorNotice error={save.formError} />}
      <button type="submit" class="primary" disabled={save.pending} aria-busy={save.pending}>{t('saveText')}</button>
    </form>
  )
}
