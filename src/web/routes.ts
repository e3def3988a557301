/**
 * The pages the router knows, who may see them, and which appear in the main navigation. Each page is its own
 * chunk (loaded on first visit), so the first load carries only the shell.
 */
import type { ComponentType } from 'preact'
import { lazy } from 'preact-iso'
import { PAGES } from './paths'
import type { common } from './components/strings'

/** guest: signed-out only (signed-in users go to the start page); public: anyone; user/admin: signed in. */
export type Access = 'guest' | 'public' | 'user' | 'admin'

export interface RouteDef {
  path: string
  access: Access
  page: ComponentType<any>
  /** The navigation label, for pages listed in the menu (in this order). */
  nav?: keyof typeof common.en
}

export const ROUTES: RouteDef[] = [
  { path: PAGES.signIn, access: 'guest', page: lazy(() => import('./pages/sign-in/page')) },
  // routes: auth pages (register, verify, forgot and reset password)
  { path: PAGES.register, access: 'guest', page: lazy(() => import('./pages/register/page')) },
  { path: PAGES.verify, access: 'public', page: lazy(() => import('./pages/verify/page')) },
  { path: PAGES.forgotPassword, access: 'guest', page: lazy(() => import('./pages/forgot-password/page')) },
  { path: PAGES.resetPassword, access: 'public', page: lazy(() => import('./pages/reset-password/page')) },
  { path: PAGES.accountLink, access: 'public', page: lazy(() => import('./pages/account-link/page')) },
  // routes: daily pages (today, check-in, history)
  { path: PAGES.today, access: 'user', page: lazy(() => import('./pages/today/page')), nav: 'today' },
  { path: PAGES.checkIn, access: 'user', page: lazy(() => import('./pages/check-in/page')), nav: 'checkIn' },
  // public: a reminder's link with its day pass needs no sign-in (without one it goes on to the check-in page)
  { path: PAGES.checkInDay, access: 'public', page: lazy(() => import('./pages/check-in/day-link-page')) },
  { path: PAGES.trackers, access: 'user', page: lazy(() => import('./pages/trackers/page')), nav: 'trackers' },
  { path: PAGES.history, access: 'user', page: lazy(() => import('./pages/history/page')), nav: 'history' },
  { path: PAGES.insights, access: 'user', page: lazy(() => import('./pages/insights/page')), nav: 'insights' },
  // the report to print or share (linked from the history page)
  { path: PAGES.report, access: 'user', page: lazy(() => import('./pages/report/page')) },
  // routes: collect pages (quick add, libraries, clipboard)
  { path: PAGES.quickAdd, access: 'user', page: lazy(() => import('./pages/quick-add/page')), nav: 'quickAdd' },
  { path: PAGES.libraries, access: 'user', page: lazy(() => import('./pages/libraries/index-page')), nav: 'libraries' },
  { path: PAGES.library, access: 'user', page: lazy(() => import('./pages/libraries/page')) },
  { path: PAGES.clipboard, access: 'user', page: lazy(() => import('./pages/clipboard/page')), nav: 'clipboard' },
  // the search's results (its box is in the shell, on every page)
  { path: PAGES.search, access: 'user', page: lazy(() => import('./pages/search/page')) },
  // routes: social pages (friends, settings, export)
  { path: PAGES.friends, access: 'user', page: lazy(() => import('./pages/friends/page')), nav: 'friends' },
  { path: PAGES.friend, access: 'user', page: lazy(() => import('./pages/friends/friend-page')) },
  { path: PAGES.friendAdd, access: 'user', page: lazy(() => import('./pages/friends/add-page')) },
  { path: PAGES.settings, access: 'user', page: lazy(() => import('./pages/settings/page')), nav: 'settings' },
  { path: PAGES.welcome, access: 'user', page: lazy(() => import('./pages/welcome/page')) },
  { path: PAGES.export, access: 'user', page: lazy(() => import('./pages/export/page')), nav: 'export' },
  // routes: account pages (account security)
  { path: PAGES.account, access: 'user', page: lazy(() => import('./pages/account/page')), nav: 'account' },
  // routes: admin pages (users, backups, import)
  { path: PAGES.import, access: 'user', page: lazy(() => import('./pages/import/page')), nav: 'import' },
  { path: PAGES.adminUsers, access: 'admin', page: lazy(() => import('./pages/admin-users/page')), nav: 'admin' },
  { path: PAGES.adminBackups, access: 'admin', page: lazy(() => import('./pages/admin-backups/page')), nav: 'backups' },
]
