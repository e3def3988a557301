/**
 * Who is signed in. The token lives in localStorage (a reload keeps the session); the user comes from
 * `GET /users/me`. Sign-out revokes the token through the API and forgets it, also when the server already
 * forgot it. Any 401 on a signed-in request ends the session here too.
 */
import { createContext, type ComponentChildren } from 'preact'
import { useCallback, useContext, useEffect, useMemo, useState } from 'preact/hooks'
import { api, setUnauthorizedHandler, tokenStore } from './api'
import { browserLang, LangContext, LANGS, type Lang } from './i18n'
import type { FormatPrefs } from './format'

export interface UserSettings {
  language: Lang; timezone: string; date_format: string; time_format: string; navigation: string | null
  ai_enabled: boolean; openai_api_key: string | null; first_visit: boolean; temperature_unit: 'c' | 'f'
  weather_city: string | null; weather_latitude: number | null; weather_longitude: number | null
}

export interface User {
  id: string; name: string; email: string; role: 'user' | 'admin' | 'super_admin'; confirmed: boolean
  created_at: string; updated_at: string
  profile: { profile_image_path: string | null; profile_image_url: string | null }
  settings: UserSettings
}

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

  const forget = useCallback(() => {
    tokenStore.clear()
    setUser(null)
    setState('signed-out')
  }, [])

  const load = useCallback(async () => {
    try {
      setUser(await api.get<User>('/users/me'))
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
    if (tokenStore.get()) load().catch(() => {})
  }, [])

  const lang: Lang = user && (LANGS as readonly string[]).includes(user.settings.language) ? user.settings.language : guestLang

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
      await load()
    },
    async signOut() {
      try { await api.post('/auth/logout') } catch { /* the token may be gone already: forget it anyway */ }
      forget()
    },
    refresh: load,
    setGuestLang,
    loadError,
  }), [state, user, lang, loadError])

  return (
    <SessionContext.Provider value={session}>
      <LangContext.Provider value={lang}>{children}</LangContext.Provider>
    </SessionContext.Provider>
  )
}
