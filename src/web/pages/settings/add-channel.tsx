/**
 * Adds an e-mail, ntfy or webhook channel; the URL and ntfy's extras appear for the types that take them. A target
 * the user already has (409) is said at the field that names it, and so is a private address, in the user's words.
 */
import { useState } from 'preact/hooks'
import { api, ApiError } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { Field, SelectField } from '../../components/ui'
import { CHANNEL_TYPES, PRIVATE_ADDRESS, type ChannelType, type CreatedChannel, type EmailDelivery } from './channel-types'
import { notifyStrings } from './notify-strings'
import { SaveButton, SaveFeedback, useSaver } from './section'

export function AddChannel({ emailDelivery, onAdded }: { emailDelivery: EmailDelivery; onAdded: (channel: CreatedChannel) => void }) {
  const t = useT(notifyStrings)
  const { user } = useSession()
  const [type, setType] = useState<ChannelType>('email')
  const [url, setUrl] = useState('')
  const [token, setToken] = useState('')
  const [priority, setPriority] = useState('3')
  const [tags, setTags] = useState('')
  const [yourDay, setYourDay] = useState(true)
  const [checkIn, setCheckIn] = useState(true)
  // The weekly summary is opt-in, as the API's default is.
  const [weekly, setWeekly] = useState(false)
  const saver = useSaver(async () => {
    const list = tags.split(',').map((tag) => tag.trim()).filter(Boolean)
    const ntfy = type === 'ntfy' ? { priority: Number(priority), token: token.trim() || undefined, tags: list.length ? list : undefined } : {}
    onAdded(await api.post('/notifications/channels', {
      type, your_day: yourDay, check_in: checkIn, weekly, url: type === 'email' ? undefined : url.trim(), ...ntfy,
    }))
    setUrl('')
    setToken('')
    setTags('')
  })
  // Only this endpoint's conflict: the target is one the user already has (docs/api/notifications.md §4.1).
  const already = saver.error instanceof ApiError && saver.error.status === 409
  const urlLabel = type === 'ntfy' ? t('topicUrl') : t('webhookUrl')
  const urlError = already ? t(type === 'ntfy' ? 'alreadyTopic' : 'alreadyWebhook')
    : saver.error instanceof ApiError && saver.error.field('url') === PRIVATE_ADDRESS ? t('privateAddress')
      : saver.fieldError('url', urlLabel)
  const emailHint = t('emailHint', { email: user!.email }) + (emailDelivery === 'outbox' ? ` ${t('outboxHint')}` : '')
  return (
    <form class="stack add-channel" onSubmit={onSubmit(saver.run)} noValidate aria-labelledby="add-channel-heading">
      <h3 id="add-channel-heading">{t('add')}</h3>
      {/* Another type is another form: what was refused for the last one no longer applies. */}
      <SelectField label={t('type')} name="type" value={type} onValue={(v) => { saver.reset(); saver.clear(); setType(v) }}
        options={CHANNEL_TYPES.map((v) => ({ value: v, label: t(v) }))}
        error={already && type === 'email' ? t('alreadyEmail') : saver.fieldError('type', t('type'))}
        hint={type === 'email' ? emailHint : undefined} />
      {type !== 'email' && (
        <Field label={urlLabel} name="url" type="url" inputMode="url" required maxLength={2048}
          value={url} onValue={setUrl} hint={type === 'ntfy' ? t('topicHint') : t('webhookHint')} error={urlError} />
      )}
      {type === 'ntfy' && (
        <>
          <Field label={t('token')} name="token" type="password" autocomplete="off" maxLength={255} value={token} onValue={setToken}
            hint={t('tokenHint')} error={saver.fieldError('token', t('token'))} />
          <SelectField label={t('priority')} name="priority" value={priority} onValue={setPriority}
            options={(['p1', 'p2', 'p3', 'p4', 'p5'] as const).map((p, i) => ({ value: String(i + 1), label: t(p) }))}
            error={saver.fieldError('priority', t('priority'))} />
          <Field label={t('tags')} name="tags" autocomplete="off" value={tags} onValue={setTags} hint={t('tagsHint')}
            error={saver.fieldError('tags', t('tags'))} />
        </>
      )}
      <fieldset class="option-set inline">
        <legend>{t('sends')}</legend>
        <label class="toggle-option"><input type="checkbox" checked={yourDay} onChange={(e) => setYourDay(e.currentTarget.checked)} />{t('yourDay')}</label>
        <label class="toggle-option"><input type="checkbox" checked={checkIn} onChange={(e) => setCheckIn(e.currentTarget.checked)} />{t('checkIn')}</label>
        <label class="toggle-option"><input type="checkbox" checked={weekly} onChange={(e) => setWeekly(e.currentTarget.checked)} />{t('weekly')}</label>
      </fieldset>
      <SaveButton saver={saver} label={t('addButton')} />
      {!already && <SaveFeedback saver={saver} message={t('added')} />}
    </form>
  )
}
