/**
 * The signed-in devices (the user's access tokens, docs/api/auth.md §1.2, 3.9, 3.11, 3.12): each named by its browser
 * and system in the page's language, with its address and last use. The current one cannot be revoked here (the API
 * refuses; signing out does that), and "everywhere else" keeps it: logout-all spares the caller.
 */
import { useId, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT, type Translate } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { useAction } from '../../lib/use-action'
import { ErrorNotice, LoadState, Notice, When } from '../../components/ui'
import { Ago, Meta, type SessionToken } from './shared'
import { strings } from './strings'

const PLATFORM_LABELS = { 'auth-token-mobile': 'tokenMobile', 'auth-token-desktop': 'tokenDesktop' } as const

/**
 * The device in the page's words: "Firefox on Linux" from the names the API read from its User-Agent; an app or a
 * browser it could not read by its platform ("Mobile app"), else "Unknown device".
 */
function deviceLabel(token: SessionToken, t: Translate<keyof typeof strings.en>): string {
  const browser = token.browser === 'daybook app' ? t('ownApp') : token.browser
  if (browser && token.system) return t('deviceOn', { browser, system: token.system })
  const known = browser ?? token.system
  if (known) return known
  return token.name in PLATFORM_LABELS ? t(PLATFORM_LABELS[token.name as keyof typeof PLATFORM_LABELS]) : t('unknownDevice')
}

/** `version` changes when something else (a password change) signed devices out. */
export function SessionsSection({ version }: { version: number }) {
  const t = useT(strings)
  const loaded = useLoad((signal) => api.get('/auth/tokens', { signal }), [version])
  const [note, setNote] = useState<string>()
  const heading = useRef<HTMLHeadingElement>(null)
  const others = useAction(async () => {
    const { revoked } = await api.post('/auth/logout-all')
    setNote(revoked === 1 ? t('signedOutOne') : t('signedOutOthers', { count: revoked }))
    loaded.reload()
    heading.current?.focus()
  })

  const revoked = () => {
    setNote(t('revoked'))
    loaded.reload()
    // The revoked item took the focused button with it: continue from the section's heading.
    heading.current?.focus()
  }

  return (
    <section class="card stack account-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions" ref={heading} tabIndex={-1}>{t('sessions')}</h2>
      <p class="hint">{t('sessionsIntro')}</p>
      {note && <Notice kind="success">{note}</Notice>}
      <LoadState loaded={loaded}>
        {(tokens) => {
          // This device first, then the others newest first (the API's order).
          const sorted = [...tokens.filter((token) => token.is_current), ...tokens.filter((token) => !token.is_current)]
          const hasOthers = sorted.some((token) => !token.is_current)
          return (
            <>
              <ul class="list">
                {sorted.map((token) => <SessionItem key={token.id} token={token} onRevoked={revoked} />)}
              </ul>
              {others.error !== undefined && <ErrorNotice error={others.error} />}
              {hasOthers
                ? <button type="button" class="danger" onClick={() => others.run()} disabled={others.pending} aria-busy={others.pending}>{t('signOutOthers')}</button>
                : <p class="hint">{t('noOthers')}</p>}
            </>
          )
        }}
      </LoadState>
    </section>
  )
}

function SessionItem({ token, onRevoked }: { token: SessionToken; onRevoked: () => void }) {
  const t = useT(strings)
  const titleId = useId()
  const revoke = useAction(async () => {
    await api.post('/auth/revoke-token', { token_id: token.id })
    onRevoked()
  })
  return (
    <li class="account-item">
      <div class="account-item-main">
        <p class="account-item-title" id={titleId}>
          {deviceLabel(token, t)} {token.is_current && <span class="badge">{t('thisDevice')}</span>}
        </p>
        <Meta items={[
          [t('signedInAt'), <When iso={token.created_at} />],
          [t('lastActive'), token.last_used_at ? <Ago iso={token.last_used_at} /> : t('notActive')],
          [t('address'), token.ip ?? t('unknownAddress')],
          [t('expires'), <When iso={token.expires_at} />],
        ]} />
        {revoke.error !== undefined && <ErrorNotice error={revoke.error} />}
      </div>
      {!token.is_current && (
        <div class="row account-actions">
          <button type="button" class="danger" aria-describedby={titleId} onClick={() => revoke.run()} disabled={revoke.pending}
            aria-busy={revoke.pending}>{t('revoke')}</button>
        </div>
      )}
    </li>
  )
}
