/** Account security: passkeys, the signed-in devices, and the password. */
import { useState } from 'preact/hooks'
import { useT } from '../../lib/i18n'
import { Page } from '../../components/ui'
import { PasskeysSection } from './passkeys'
import { SessionsSection } from './sessions'
import { ChangePasswordSection } from './change-password'
import { strings } from './strings'

export default function AccountPage() {
  const t = useT(strings)
  // A password change signs out the other devices: the device list then reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0)
  return (
    <Page title={t('title')}>
      <p class="hint account-intro">{t('intro')}</p>
      <PasskeysSection />
      <SessionsSection version={sessionsVersion} />
      <ChangePasswordSection onChanged={() => setSessionsVersion((v) => v + 1)} />
    </Page>
  )
}
