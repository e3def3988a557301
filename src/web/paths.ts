/**
 * Every page of the web app, in preact-iso's pattern syntax (the same as Elysia's). The server answers a full
 * page load of any of them with the app (src/features/web); the app's router draws the matching page.
 */
export const PAGES = {
  today: '/',
  signIn: '/signin',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/auth/reset-password',
  accountLink: '/auth/account-link',
  verify: '/auth/verify/:userId/:token',
  account: '/account',
  adminUsers: '/admin/users',
  adminBackups: '/admin/backups',
  checkIn: '/check-in',
  /** a reminder's link: the day's check-in, or with `?pass=` the day pass of docs/api/notifications.md §7.3 */
  checkInDay: '/check-in/date/:date',
  trackers: '/trackers',
  history: '/history',
  report: '/report',
  insights: '/insights',
  quickAdd: '/quick-add',
  libraries: '/libraries',
  library: '/libraries/:type',
  clipboard: '/clipboard',
  friends: '/friends',
  friend: '/friends/:userId',
  friendAdd: '/friends/add/:userId',
  settings: '/settings',
  welcome: '/welcome',
  export: '/export',
  import: '/import',
  search: '/search',
} as const

export type PageName = keyof typeof PAGES
