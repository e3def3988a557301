/** The shell around every page: skip link, header with the menu, the page, and a footer. */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { common } from './strings'
import { LANGS, useLang, useT, type Lang } from '../lib/i18n'
import { isAdmin, useSession } from '../lib/session'
import { ROUTES } from '../routes'
import { SearchBox } from '../pages/search/search-box'

const LANG_NAMES: Record<Lang, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' }

/** Menu entries about the person rather than the day, listed after the daily pages. */
const ACCOUNT_PAGES = new Set(['settings', 'account', 'export', 'import'])

/** A menu entry stays marked on the pages below it (a library under Libraries). */
const isWithin = (path: string, entry: string) => path === entry || (entry !== '/' && path.startsWith(`${entry}/`))

export function Layout({ children }: { children: ComponentChildren }) {
  const t = useT(common)
  const session = useSession()
  const { path } = useLocation()
  const [open, setOpen] = useState(false)
  // A kept token gets the signed-in shell while its user loads (what nearly always follows), so the header and the
  // menu do not change around the page when the user arrives; an account that could not be read gets the plain one.
  const signedIn = session.user !== null || (session.state === 'loading' && session.loadError === undefined)
  const visible = ROUTES.filter((r) => r.nav && (r.access === 'user' || (r.access === 'admin' && isAdmin(session.user))))
  const groups = [
    visible.filter((r) => r.access === 'user' && !ACCOUNT_PAGES.has(r.nav!)),
    visible.filter((r) => ACCOUNT_PAGES.has(r.nav!)),
    visible.filter((r) => r.access === 'admin'),
  ].filter((g) => g.length > 0)
  return (
    <>
      <a class="skip-link" href="#main">{t('skip')}</a>
      <header class="app-header">
        <a class="brand" href="/">daybook</a>
        {signedIn && <SearchBox />}
        {signedIn ? (
          <button type="button" class="menu-toggle" aria-expanded={open} aria-controls="main-nav" onClick={() => setOpen(!open)}>
            {t('menu')}
          </button>
        ) : (
          <label class="lang-pick">
            <span class="visually-hidden">{t('language')}</span>
            <select value={useLang()} onChange={(e) => session.setGuestLang(e.currentTarget.value as Lang)}>
              {LANGS.map((l) => <option key={l} value={l}>{LANG_NAMES[l]}</option>)}
            </select>
          </label>
        )}
      </header>
      <div class={signedIn ? 'shell with-nav' : 'shell'}>
        {signedIn && (
          <nav id="main-nav" class={open ? 'main-nav open' : 'main-nav'} aria-label={t('nav')} onClick={() => setOpen(false)}>
            {groups.map((group, i) => (
              <ul key={i}>
                {group.map((r) => (
                  <li key={r.path}><a href={r.path} aria-current={isWithin(path, r.path) ? 'page' : undefined}>{t(r.nav!)}</a></li>
                ))}
              </ul>
            ))}
            <ul><li><button type="button" class="link-button" onClick={() => session.signOut()}>{t('signOut')}</button></li></ul>
          </nav>
        )}
        <main id="main" tabIndex={-1}>{children}</main>
      </div>
      <footer class="app-footer"><a href="/api/docs">{t('apiDocs')}</a></footer>
    </>
  )
}
