/**
 * The browser's timezone beside the account's: said to match, or offered with one button. A first sign-in already
 * took it when the account had the server's UTC; an admin's DEFAULT_TIMEZONE or a later run of the welcome may differ.
 */
import { api } from '../../lib/api'
import { browserTimezone } from '../../lib/first-visit'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useAction } from '../../lib/use-action'
import { ErrorNotice, Notice } from '../../components/ui'
import { strings } from './strings'

export function BrowserZone() {
  const t = useT(strings)
  const session = useSession()
  const zone = browserTimezone()
  const account = session.user!.settings.timezone
  const take = useAction(async () => {
    await api.put('/users/me/settings/timezone', { timezone: zone! })
    await session.refresh()
  })
  if (!zone) return null
  if (zone === account) return <p class="hint">{t('zoneMatches', { zone })}</p>
  return (
    <div class="notice notice-info row">
      <span>{t('browserZone', { zone })}</span>
      <button type="button" disabled={take.pending} aria-busy={take.pending} onClick={() => take.run()}>{t('useZone', { zone })}</button>
      {take.error !== undefined && <ErrorNotice error={take.error} />}
    </div>
  )
}
