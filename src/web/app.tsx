/** The app: session, router, shell. A page whose access rule does not fit the session sends the user on. */
import { LocationProvider, Router, Route, useLocation } from 'preact-iso'
import { useEffect } from 'preact/hooks'
import { Layout } from './components/layout'
import { ErrorNotice, Loading, Page } from './components/ui'
import { common } from './components/strings'
import { useT } from './lib/i18n'
import { isAdmin, SessionProvider, useSession } from './lib/session'
import { welcomeLead } from './lib/first-visit'
import { ROUTES, type RouteDef } from './routes'
import { PAGES } from './paths'

function Redirect({ to }: { to: string }) {
  const { route } = useLocation()
  useEffect(() => route(to, true), [to])
  return <Loading />
}

function Guarded({ def, ...props }: { def: RouteDef } & Record<string, unknown>) {
  const session = useSession()
  const { url } = useLocation()
  if (session.loadError !== undefined && !session.user) return <SessionUnreachable />
  if (session.state === 'loading') return <Loading />
  const signedIn = session.state === 'signed-in'
  if (def.access === 'guest' && signedIn) return <Redirect to={PAGES.today} />
  if ((def.access === 'user' || def.access === 'admin') && !signedIn) return <Redirect to={`${PAGES.signIn}?next=${encodeURIComponent(url)}`} />
  if (def.access === 'admin' && !isAdmin(session.user)) return <NotFound />
  // An account in its first visit sees the welcome first (once per app load: then it may go anywhere).
  const welcome = def.access !== 'public' && def.path !== PAGES.welcome ? welcomeLead(session.user, url) : undefined
  if (welcome) return <Redirect to={welcome} />
  const Component = def.page
  return <Component {...props} />
}

/** The token is kept, but its user could not be read: say why and offer to try again. */
function SessionUnreachable() {
  const t = useT(common)
  const session = useSession()
  return (
    <Page title={t('loadFailed')}>
      <ErrorNotice error={session.loadError} />
      <button type="button" class="primary" onClick={() => session.refresh().catch(() => {})}>{t('retry')}</button>
    </Page>
  )
}

function NotFound() {
  const t = useT(common)
  return <Page title={t('notFound')}><p>{t('notFoundText')}</p><p><a href="/">{t('home')}</a></p></Page>
}

export function App() {
  return (
    <LocationProvider>
      <SessionProvider>
        <Layout>
          <Router>
            {ROUTES.map((def) => <Route key={def.path} path={def.path} component={Guarded} def={def} />)}
            <Route default component={NotFound} />
          </Router>
        </Layout>
      </SessionProvider>
    </LocationProvider>
  )
}
