/**
 * What every HTML page daybook serves carries (the web app, the API docs UI, a shared report): a strict
 * Content-Security-Policy — everything from this origin, no inline script, no framing — and headers that keep the
 * page out of other sites' frames and its address out of Referer.
 */
export const APP_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'",
  "font-src 'self'", "manifest-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ')

export const PAGE_HEADERS = {
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
}
