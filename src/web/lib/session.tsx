/**
 * Who is signed in. The token lives in localStorage (a reload keeps the session); the user comes from
 * `GET /users/me`. Sign-out revokes the token through the API and forgets it, also when the server already
 * forgot it. Any 401 on a signed-in request ends the session here too. An account in its first visit takes the
 * browser's timezone and language before the user is handed to any page (first-visit.ts).
 */
import { createContext, type ComponentChildren } from 'preact'
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { api, setUnauthorizedHandler, tokenStore } from './api'
import type { ApiData } from './api-types'
import { browserLang, LangContext, type Lang } from './i18n'
import type { FormatPrefs } from './format'
import { adoptBrowserSettings } from './first-visit'

/** The signed-in user as `GET /users/me` answers it (users/model-shared.ts FullUser). */
export type User = ApiData<'get', '/users/me'>

export type SessionState = 'loading' | 'signed-out' | 'signed-in'

export interface Session {
  state: SessionState
  user: User | null
  prefs: FormatPrefs
  /** Keeps a token from a sign-in and loads its user. */
  signIn(token: string): Promise<void>
  signOut(): Promise<void>
  /** Reloads the user (after a settings change). */
  refresh(): Promise<void>
  /** The language before sign-in, chosen on the page. */
  setGuestLang(lang: Lang): void
  /** Why the signed-in user could not be loaded (the server unreachable, a 500); `refresh()` tries again. */
  loadError: unknown
}

const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}

export const isAdmin = (user: User | null) => user?.role === 'admin' || user?.role === 'super_admin'

export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [user, setUser] = useState<User | null>(null)
  const [state, setState] = useState<SessionState>(tokenStore.get() ? 'loading' : 'signed-out')
  const [guestLang, setGuestLang] = useState<Lang>(browserLang)
  const [loadError, setLoadError] = useState<unknown>(undefined)
  const signInLang = useRef(guestLang)
  signInLang.current = guestLang

  const forget = useCallback(() => {
    tokenStore.clear()
    setUser(null)
    setState('signed-out')
  }, [])

  /** `starting`: a sign-in or a page load, when a first visit takes the browser's settings (not a refresh after a change). */
  const load = useCallback(async (starting = false) => {
    try {
      let me = await api.get('/users/me')
      if (starting && await adoptBrowserSettings(me, signInLang.current)) me = await api.get('/users/me')
      setUser(me)
      setLoadError(undefined)
      setState('signed-in')
    } catch (error) {
      // A 401 already ended the session (the handler below); anything else keeps the token for a retry.
      if (tokenStore.get()) {
        setLoadError(error)
        setState('signed-in')
      }
      throw error
    }
  }, [])

  useEffect(() => {
    setUnauthorizedHandler(forget)
    if (tokenStore.get()) load(true).catch(() => {})
  }, [])

  const lang: Lang = user?.settings.language ?? guestLang

  useEffect(() => { document.documentElement.lang = lang }, [lang])

  const session = useMemo<Session>(() => ({
    state: state === 'signed-in' && !user ? 'loading' : state,
    user,
    prefs: {
      lang,
      timezone: user?.settings.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      dateFormat: user?.settings.date_format ?? 'YYYY-mm-dd',
      timeFormat: user?.settings.time_format ?? 'H:i',
    },
    async signIn(token) {
      tokenStore.set(token)
      setState('loading')
      await load(true)
    },
    async signOut() {
      try { await api.post('/auth/logout') } catch { /* the token may be gone already: forget it anyway */ }
      forget()
    },
    refresh: () => load(),
    setGuestLang,
    loadError,
  }), [state, user, lang, loadError])

  return (
    <SessionContext.Provider value={session}>
      <LangContext.Provider value={lang}>{children}</LangContext.Provider>
    </SessionContext.Provider>
  )
}
