/** Sign in with e-mail and password, or with a discoverable passkey (no e-mail typed). */
import { useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { browserSupportsWebAuthn, startAuthentication, WebAuthnError } from '@simplewebauthn/browser'
import { api } from '../../lib/api'
import { requestOptions } from '../../lib/passkey-options'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, Notice, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { strings } from './strings'
import { nextPath, withNext } from '../../lib/next-path'

export default function SignInPage() {
  const t = useT(strings)
  const session = useSession()
  const { query, route } = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [passkeyNote, setPasskeyNote] = useState<string>()

  const finish = async (token: string) => {
    await session.signIn(token)
    route(nextPath(query), true)
  }
  const login = useAction(async () => {
    const data = await api.post('/auth/login', { email, password, platform: 'web' })
    await finish(data.token)
  })
  const passkey = useAction(async () => {
    setPasskeyNote(undefined)
    const optionsJSON = requestOptions(await api.post('/auth/passkey/authenticate-options', {}))
    let response
    try {
      response = await startAuthentication({ optionsJSON })
    } catch (error) {
      // The user closed the browser's prompt, or no passkey fits: say so, it is not a failure of ours.
      if (error instanceof WebAuthnError || (error as Error).name === 'NotAllowedError') return setPasskeyNote(t('passkeyCancelled'))
      throw error
    }
    const data = await api.post('/auth/passkey/authenticate', { response, platform: 'web' })
    await finish(data.token)
  })

  return (
    <Page title={t('title')}>
      <form class="card stack" onSubmit={onSubmit(login.run)} noValidate>
        {login.formError !== undefined && <ErrorNotice error={login.formError} />}
        <Field label={t('email')} type="email" name="email" autocomplete="username webauthn" required value={email} onValue={setEmail}
          error={login.fieldError('email', t('email'))} />
        <Field label={t('password')} type="password" name="password" autocomplete="current-password" required value={password}
          onValue={setPassword} error={login.fieldError('password', t('password'))} />
        <button type="submit" class="primary" disabled={login.pending} aria-busy={login.pending}>{t('submit')}</button>
        <p><a href={PAGES.forgotPassword}>{t('forgot')}</a></p>
      </form>
      <div class="card stack">
        <p class="divider" aria-hidden="true">{t('or')}</p>
        {passkey.error !== undefined && <ErrorNotice error={passkey.error} />}
        {passkeyNote && <Notice kind="info">{passkeyNote}</Notice>}
        {browserSupportsWebAuthn()
          ? <button type="button" onClick={() => passkey.run()} disabled={passkey.pending} aria-busy={passkey.pending}>{t('passkey')}</button>
          : <Notice kind="info">{t('passkeyUnsupported')}</Notice>}
        <p class="hint">{t('passkeyHint')}</p>
      </div>
      <p>{t('noAccount')} <a href={withNext(PAGES.register, query)}>{t('register')}</a></p>
    </Page>
  )
}
