/**
 * The user's notification channels: the list, adding one (a webhook's secret is shown once), test, delete. Where
 * this server's e-mails go (GET /instance) is said before an e-mail channel is added.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Notice } from '../../components/ui'
import { CopyButton } from '../../components/copy-button'
import { AddChannel } from './add-channel'
import { ChannelRow } from './channel-row'
import type { Channel, EmailDelivery } from './channel-types'
import { notifyStrings } from './notify-strings'
import { Section } from './section'

function Secret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useT(notifyStrings)
  const heading = useRef<HTMLHeadingElement>(null)
  // The secret is shown once: bring it into view and focus so it is not missed.
  useEffect(() => heading.current?.focus(), [secret])
  return (
    <div class="notice notice-info stack secret" role="group" aria-labelledby="secret-heading">
      <h3 id="secret-heading" ref={heading} tabIndex={-1}>{t('secretTitle')}</h3>
      <p>{t('secretHint')}</p>
      <p class="token-row"><code class="token">{secret}</code> <CopyButton text={secret} label={t('copySecret')} /></p>
      <button type="button" onClick={onDone}>{t('secretDone')}</button>
    </div>
  )
}

function Channels({ initial, emailDelivery }: { initial: Channel[]; emailDelivery: EmailDelivery }) {
  const t = useT(notifyStrings)
  const [channels, setChannels] = useState(initial)
  const [secret, setSecret] = useState<string>()
  const [removed, setRemoved] = useState(false)
  const replace = (next: Channel) => setChannels((list) => list.map((c) => (c.id === next.id ? next : c)))
  return (
    <>
      {removed && <Notice kind="success">{t('removed')}</Notice>}
      {channels.length === 0 ? <Empty>{t('noChannels')}</Empty> : (
        <ul class="list channels">
          {channels.map((c) => (
            <ChannelRow key={c.id} channel={c} onChanged={replace}
              onDeleted={(gone) => { setChannels((list) => list.filter((x) => x.id !== gone.id)); setRemoved(true) }} />
          ))}
        </ul>
      )}
      {secret && <Secret secret={secret} onDone={() => setSecret(undefined)} />}
      <AddChannel emailDelivery={emailDelivery} onAdded={({ secret: shown, ...channel }) => {
        setRemoved(false)
        setChannels((list) => [...list, channel])
        setSecret(shown)
      }} />
    </>
  )
}

export function ChannelsSection() {
  const t = useT(notifyStrings)
  const loaded = useLoad((signal) => Promise.all([api.get('/notifications/channels', { signal }), api.get('/instance', { signal })]), [])
  return (
    <Section id="channels" title={t('channelsTitle')}>
      <p class="hint">{t('channelsHint')}</p>
      <LoadState loaded={loaded}>{([channels, instance]) => <Channels initial={channels} emailDelivery={instance.email_delivery} />}</LoadState>
    </Section>
  )
}
