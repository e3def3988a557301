/**
 * The AI provider key (docs/api/users.md §6.1): stored encrypted, shown only masked (its last four characters). An
 * empty value would delete the key, so saving needs a key and removing is its own button.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { Field } from '../../components/ui'
import { Confirm } from '../../components/confirm'
import { SaveButton, SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'

export function AiKeySection() {
  const t = useT(strings)
  const session = useSession()
  const masked = session.user!.settings.openai_api_key
  const [key, setKey] = useState('')
  const [missing, setMissing] = useState(false)
  const [done, setDone] = useState<'aiSaved' | 'aiRemoved'>('aiSaved')
  const saver = useSaver(async (action: 'save' | 'remove') => {
    await api.put('/users/me/settings/ai-provider-api-key', { key: action === 'save' ? key.trim() : null })
    await session.refresh()
    setKey('')
    setDone(action === 'save' ? 'aiSaved' : 'aiRemoved')
  })
  const save = () => {
    setMissing(!key.trim())
    if (key.trim()) saver.run('save')
  }
  return (
    <Section id="ai-key" title={t('aiTitle')}>
      <p>{masked === null ? t('aiNone') : masked.length > 1 ? t('aiStored', { masked }) : t('aiStoredShort')}</p>
      <form class="stack" onSubmit={onSubmit(save)} noValidate>
        <Field label={t('aiKey')} name="key" type="password" autocomplete="off" maxLength={255} value={key} onValue={setKey}
          hint={t('aiHint')} error={missing ? t('aiEmpty') : saver.fieldError('key', t('aiKey'))} />
        <div class="row">
          <SaveButton saver={saver} label={t('aiSave')} />
          {masked !== null && (
            // The plain key is never shown again: removing it asks first.
            <Confirm label={t('aiRemove')} question={t('aiRemoveQuestion')} confirmLabel={t('aiRemoveYes')}
              onConfirm={async () => { setMissing(false); await saver.run('remove') }} />
          )}
        </div>
        <SaveFeedback saver={saver} message={t(done)} />
      </form>
    </Section>
  )
}
