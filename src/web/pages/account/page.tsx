/** One's account: name and address, passkeys, the signed-in devices, the password, and deleting the account. */
import { useState } from 'preact/hooks'
import { useT } from '../../lib/i18n'
import { Page } from '../../components/ui'
import { useSession } from '../../lib/session'
import { PasskeysSection } from './passkeys'
import { SessionsSection } from './sessions'
import { ChangePasswordSection } from './change-password'
import { ProfileSection } from './profile'
import { DeleteAccountSection } from './delete-account'
import { strings } from './strings'

export default function AccountPage() {
  const t = useT(strings)
  const { user } = useSession()
  // A password change signs out the other devices: the device list then reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0)
  return (
    <Page title={t('title')}>
      <p class="hint account-intro">{t('intro')}</p>
      {/* The page is for signed-in users only (routes.ts), so the user is there. */}
      {user && <ProfileSection user={user} />}
      <PasskeysSection />
      <SessionsSection version={sessionsVersion} />
      <ChangePasswordSection onChanged={() => setSessionsVersion((v) => v + 1)} />
      <DeleteAccountSection />
    </Page>
  )
}
