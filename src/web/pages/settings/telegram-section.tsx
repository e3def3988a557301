/**
 * Telegram (docs/api/chatbot.md §2–4): get a pairing code, send `/connect <code>` to the server's bot (or open it with
 * the code in one tap), see whether the chat is linked, choose the two daily alerts, disconnect. The bot's user name
 * comes from GET /instance; without one the server has no bot running, and the section says so instead of handing
 * out a code nothing would ever read.
 */
import { useEffect, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useAction } from '../../lib/use-action'
import { useLoad } from '../../lib/use-load'
import { ErrorNotice, LoadState, Notice } from '../../components/ui'
import { CopyButton } from '../../components/copy-button'
import { Confirm } from '../../components/confirm'
import { Section, useSaver, SaveFeedback } from './section'
import { telegramStrings } from './telegram-strings'

/** The Telegram connection as the API declares it (chatbot/model.ts). */
export type Connection = ApiData<'get', '/telegram/token-request'>

/** The user name of the server's bot (GET /instance): null on a server without one, or before it has started. */
type Bot = ApiData<'get', '/instance'>['telegram_bot']

type Alert = 'your_day_alert' | 'check_in_alert'
const ALERT_PATHS = { your_day_alert: '/telegram/your-day-alert', check_in_alert: '/telegram/check-in-alert' } as const satisfies Record<Alert, string>

function Pairing({ connection, bot, onConnection }: { connection: Connection; bot: string; onConnection: (c: Connection | null) => void }) {
  const t = useT(telegramStrings)
  const { prefs } = useSession()
  const [checked, setChecked] = useState(false)
  const check = useAction(async () => {
    setChecked(false)
    onConnection(await api.get('/telegram/request'))
    setChecked(true)
  })
  const renew = useAction(async () => onConnection(await api.get('/telegram/token-request')))
  const expired = Date.parse(connection.token_expires_at) <= Date.now()
  const command = `/connect ${connection.token}`
  if (expired) {
    return (
      <div class="stack">
        <Notice kind="info">{t('expired')}</Notice>
        <button type="button" class="primary" disabled={renew.pending} aria-busy={renew.pending} onClick={() => renew.run()}>{t('newCode')}</button>
        {renew.error !== undefined && <ErrorNotice error={renew.error} />}
      </div>
    )
  }
  return (
    <div class="stack">
      {/* `/start <token>` pairs like `/connect <token>` (docs/api/chatbot.md §5.4): one tap in Telegram. */}
      <a class="button-link" href={`https://t.me/${encodeURIComponent(bot)}?start=${encodeURIComponent(connection.token)}`} target="_blank" rel="noopener noreferrer">
        {t('openBot', { bot })}
      </a>
      <p class="hint">{t('openBotHint')}</p>
      <p>{t('orSend', { bot })}</p>
      <p class="token-row">
        <code class="token">{command}</code>
        <CopyButton text={command} label={t('copyCommand')} />
      </p>
      <p class="hint">{t('validUntil', { time: formatDateTime(connection.token_expires_at, prefs) })}</p>
      <button type="button" disabled={check.pending} aria-busy={check.pending} onClick={() => check.run()}>{t('checkAgain')}</button>
      {check.error !== undefined && <ErrorNotice error={check.error} />}
      {checked && !check.pending && <Notice kind="info">{t('stillWaiting')}</Notice>}
    </div>
  )
}

function AlertToggles({ connection, onConnection }: { connection: Connection; onConnection: (c: Connection) => void }) {
  const t = useT(telegramStrings)
  // The boxes follow the click at once and fall back when the server refuses.
  const [shown, setShown] = useState({ your_day_alert: connection.your_day_alert, check_in_alert: connection.check_in_alert })
  useEffect(() => setShown({ your_day_alert: connection.your_day_alert, check_in_alert: connection.check_in_alert }),
    [connection.your_day_alert, connection.check_in_alert])
  const saver = useSaver(async (alert: Alert, on: boolean) => {
    setShown((current) => ({ ...current, [alert]: on }))
    try {
      onConnection(await api.put(ALERT_PATHS[alert], { [alert]: on }))
    } catch (error) {
      setShown((current) => ({ ...current, [alert]: connection[alert] }))
      throw error
    }
  })
  return (
    <fieldset class="option-set" aria-describedby="telegram-alerts-hint">
      <legend>{t('alerts')}</legend>
      <p class="hint" id="telegram-alerts-hint">{t('alertsHint')}</p>
      {(['your_day_alert', 'check_in_alert'] as const).map((alert) => (
        <label key={alert} class="toggle-option">
          <input type="checkbox" checked={shown[alert]} onChange={(e) => saver.run(alert, e.currentTarget.checked)} />
          {t(alert === 'your_day_alert' ? 'yourDay' : 'checkIn')}
        </label>
      ))}
      <SaveFeedback saver={saver} message={t('alertSaved')} />
    </fieldset>
  )
}

function TelegramPanel({ initial, bot }: { initial: Connection | null; bot: Bot }) {
  const t = useT(telegramStrings)
  const [connection, setConnection] = useState(initial)
  const [note, setNote] = useState<'disconnected' | 'justConnected'>()
  const connect = useAction(async () => setConnection(await api.get('/telegram/token-request')))
  const disconnect = async () => {
    await api.delete('/telegram')
    setConnection(null)
    setNote('disconnected')
  }
  const update = (next: Connection | null) => {
    if (next?.is_confirmed && !connection?.is_confirmed) setNote('justConnected')
    setConnection(next)
  }
  if (!bot && !connection?.is_confirmed) {
    return (
      <div class="stack">
        {note && <Notice kind="success">{t(note)}</Notice>}
        <p>{t('noBot')}</p>
        <p class="hint">{t('noBotAdmin')}</p>
      </div>
    )
  }
  if (!connection) {
    return (
      <div class="stack">
        {note && <Notice kind="success">{t(note)}</Notice>}
        <p>{t('notConnected')}</p>
        <button type="button" class="primary" disabled={connect.pending} aria-busy={connect.pending} onClick={() => { setNote(undefined); connect.run() }}>
          {t('connect')}
        </button>
        {connect.error !== undefined && <ErrorNotice error={connect.error} />}
      </div>
    )
  }
  return (
    <div class="stack">
      {connection.is_confirmed || !bot
        ? <>
          {note && <Notice kind="success">{t(note)}</Notice>}
          <p>{t('connected', { chat: connection.chat_id ?? '' })}</p>
          {!bot && <Notice kind="info">{t('noBotLinked')}</Notice>}
        </>
        : <Pairing connection={connection} bot={bot} onConnection={update} />}
      <AlertToggles connection={connection} onConnection={update} />
      <Confirm label={t('disconnect')} question={t('confirm')} confirmLabel={t('confirmYes')} cancelLabel={t('keep')} onConfirm={disconnect} />
    </div>
  )
}

export function TelegramSection() {
  const t = useT(telegramStrings)
  const loaded = useLoad((signal) => Promise.all([
    api.get('/telegram/request', { signal }),
    api.get('/instance', { signal }),
  ]), [])
  return (
    <Section id="telegram" title={t('title')}>
      <p class="hint">{t('intro')}</p>
      <LoadState loaded={loaded}>{([connection, instance]) => <TelegramPanel initial={connection} bot={instance.telegram_bot} />}</LoadState>
    </Section>
  )
}
