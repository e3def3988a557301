/**
 * The AI provider key (docs/api/users.md §6.1): stored encrypted, shown only masked (its last four characters). Like
 * every setting it is saved when the field is left or Enter is pressed; an empty field saves nothing (an empty value
 * would delete the key), so removing is its own button, which asks first.
 */
import { useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { Field } from '../../components/ui'
import { Confirm } from '../../components/confirm'
import { SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'

export function AiKeySection() {
  const t = useT(strings)
  const session = useSession()
  const masked = session.user!.settings.openai_api_key
  const [key, setKey] = useState('')
  const [done, setDone] = useState<'aiSaved' | 'aiRemoved'>('aiSaved')
  const saver = useSaver(async (value: string | null) => {
    await api.put('/users/me/settings/ai-provider-api-key', { key: value })
    await session.refresh()
    setKey('')
    setDone(value === null ? 'aiRemoved' : 'aiSaved')
  })
  // Enter both sends the form and commits the field: the second is the same key, not sent again.
  const sent = useRef('')
  const commit = (value: string) => {
    if (!value.trim() || value.trim() === sent.current) return
    sent.current = value.trim()
    saver.run(value.trim())
  }
  const type = (value: string) => {
    sent.current = ''
    setKey(value)
  }
  return (
    <Section id="ai-key" title={t('aiTitle')}>
      <p>{masked === null ? t('aiNone') : masked.length > 1 ? t('aiStored', { masked }) : t('aiStoredShort')}</p>
      <form class="stack" onSubmit={onSubmit(() => commit(key))} noValidate>
        <Field label={t('aiKey')} name="key" type="password" autocomplete="off" maxLength={255} value={key} onValue={type}
          onCommit={commit} hint={t('aiHint')} error={saver.fieldError('key', t('aiKey'))} />
        {masked !== null && (
          // The plain key is never shown again: removing it asks first.
          <div class="row">
            <Confirm label={t('aiRemove')} question={t('aiRemoveQuestion')} confirmLabel={t('aiRemoveYes')} onConfirm={() => saver.run(null)} />
          </div>
        )}
        <SaveFeedback saver={saver} message={t(done)} />
      </form>
    </Section>
  )
}
