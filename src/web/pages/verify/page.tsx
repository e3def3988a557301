/**
 * The page behind the link of the verification mail (docs/api/auth.md §5.2): it confirms the address as soon as it
 * opens and tells each answer of POST /auth/verify (3.4) in words. A link that no longer works comes with a form for
 * a fresh one, made for the same platform as the old.
 */
import { useLocation, useRoute } from 'preact-iso'
import { api, ApiError } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { ErrorNotice, Notice, Page } from '../../components/ui'
import { common } from '../../components/strings'
import { PAGES } from '../../paths'
import { linkPlatform, NextStep } from './link-platform'
import { ResendVerification } from './resend'
import { strings } from './strings'

type Outcome = 'verified' | 'already' | 'expired' | 'mismatch' | 'unknown'

/** The contract's reason codes (in `errors`, else `code`) of a refused confirmation. */
const REFUSALS: Record<string, Exclude<Outcome, 'verified'>> = {
  already_verified: 'already', token_expired: 'expired', token_mismatch: 'mismatch', verification_failed: 'unknown',
}

async function confirmAddress(userId: string, token: string, signal: AbortSignal): Promise<Outcome> {
  try {
    await api.post('/auth/verify', { user_id: userId, token }, { signal })
    return 'verified'
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const reason = Array.isArray(error.errors) && error.errors[0] ? error.errors[0] : error.code
      const outcome = REFUSALS[reason]
      if (outcome) return outcome
    }
    throw error
  }
}

export default function VerifyPage() {
  const t = useT(strings)
  const tc = useT(common)
  const { params } = useRoute()
  const { query } = useLocation()
  const platform = linkPlatform(query)
  const userId = params.userId ?? ''
  const token = params.token ?? ''
  const result = useLoad((signal) => confirmAddress(userId, token, signal), [userId, token])

  let body
  if (result.state === 'loading') {
    body = <p class="loading" role="status"><span class="spinner" aria-hidden="true" />{t('checking')}</p>
  } else if (result.state === 'error') {
    body = <div class="stack"><ErrorNotice error={result.error} /><button type="button" onClick={result.reload}>{tc('retry')}</button></div>
  } else if (result.data === 'verified' || result.data === 'already') {
    body = (
      <div class="stack">
        <Notice kind={result.data === 'verified' ? 'success' : 'info'}>{t(result.data)}</Notice>
        <NextStep platform={platform} />
      </div>
    )
  } else {
    body = (
      <div class="stack">
        <Notice kind="error">{t(result.data)}</Notice>
        <section class="card stack auth-section" aria-labelledby="new-link">
          <h2 id="new-link">{t('newLink')}</h2>
          <p>{t('newLinkIntro')}</p>
          <ResendVerification platform={platform} />
        </section>
        {result.data === 'unknown' && <p>{t('register')} <a href={PAGES.register}>{t('registerLink')}</a></p>}
      </div>
    )
  }
  return <Page title={t('title')}>{body}</Page>
}
