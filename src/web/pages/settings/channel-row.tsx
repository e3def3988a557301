/** One channel: what it is, which alerts it gets (saved on change), why it stopped, a test, and delete. */
import { useEffect, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useAction } from '../../lib/use-action'
import { ErrorNotice, Notice } from '../../components/ui'
import { Confirm } from '../../components/confirm'
import { isChannelType, type Channel, type TestResult } from './channel-types'
import { notifyStrings } from './notify-strings'
import { SaveFeedback, useSaver } from './section'

type Alerts = Pick<Channel, 'your_day' | 'check_in' | 'weekly'>

/** What became of a test: for e-mail, whether the mail server took it or it only reached the server's outbox. */
function TestOutcome({ result, email }: { result: TestResult; email: string }) {
  const t = useT(notifyStrings)
  if (!result.delivered) return <Notice kind="error">{t('notDelivered', { error: result.error ?? '' })}</Notice>
  if (result.email_delivery === 'outbox') return <Notice kind="info">{t('deliveredOutbox', { email })}</Notice>
  return <Notice kind="success">{t(result.email_delivery === 'smtp' ? 'deliveredMailServer' : 'delivered', { email })}</Notice>
}

export function ChannelRow({ channel, onChanged, onDeleted }: {
  channel: Channel; onChanged: (c: Channel) => void; onDeleted: (c: Channel) => void
}) {
  const t = useT(notifyStrings)
  const { user } = useSession()
  const typeName = isChannelType(channel.type) ? t(channel.type) : channel.type
  const name = channel.type === 'email' ? t('emailTo', { email: user!.email }) : `${typeName} ${channel.url}`
  const [result, setResult] = useState<TestResult>()
  // The boxes follow the click at once (a box that waits for the server looks broken) and fall back on failure.
  const storedAlerts = (): Alerts => ({ your_day: channel.your_day, check_in: channel.check_in, weekly: channel.weekly })
  const [alerts, setAlerts] = useState<Alerts>(storedAlerts)
  useEffect(() => setAlerts(storedAlerts()), [channel.your_day, channel.check_in, channel.weekly])
  const choose = useSaver(async (body: Partial<Alerts>) => {
    setAlerts((current) => ({ ...current, ...body }))
    try {
      onChanged(await api.put(`/notifications/channels/${channel.id}`, body))
    } catch (error) {
      setAlerts(storedAlerts())
      throw error
    }
  })
  const test = useAction(async () => {
    setResult(undefined)
    setResult(await api.post(`/notifications/channels/${channel.id}/test`))
  })
  const remove = async () => {
    await api.delete(`/notifications/channels/${channel.id}`)
    onDeleted(channel)
  }
  return (
    <li class="channel stack">
      <p class="channel-name"><span class="badge">{typeName}</span> <span class="channel-target">{channel.type === 'email' ? user!.email : channel.url}</span></p>
      {!channel.enabled && (
        <div class="row">
          <Notice kind="error">{t('stopped', { reason: channel.disabled_reason ?? '' })}</Notice>
          <button type="button" disabled={choose.pending} onClick={() => choose.run({})}>{t('enable')}</button>
        </div>
      )}
      <fieldset class="option-set inline">
        <legend>{t('sends')}</legend>
        <label class="toggle-option">
          <input type="checkbox" checked={alerts.your_day} onChange={(e) => choose.run({ your_day: e.currentTarget.checked })} />
          {t('yourDay')}
        </label>
        <label class="toggle-option">
          <input type="checkbox" checked={alerts.check_in} onChange={(e) => choose.run({ check_in: e.currentTarget.checked })} />
          {t('checkIn')}
        </label>
        <label class="toggle-option">
          <input type="checkbox" checked={alerts.weekly} onChange={(e) => choose.run({ weekly: e.currentTarget.checked })} />
          {t('weekly')}
        </label>
      </fieldset>
      <SaveFeedback saver={choose} message={t('choiceSaved')} />
      <div class="row">
        <button type="button" disabled={test.pending} aria-busy={test.pending} aria-label={t('testTo', { channel: name })} onClick={() => test.run()}>{t('test')}</button>
        <Confirm accessibleLabel={t('removeChannel', { channel: name })} question={t('confirmRemove', { channel: name })} onConfirm={remove} />
      </div>
      {result && <TestOutcome result={result} email={user!.email} />}
      {test.error !== undefined && <ErrorNotice error={test.error} />}
    </li>
  )
}
