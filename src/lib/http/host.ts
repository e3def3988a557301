/**
 * Bun leaves `request.url` as the bare request target ("/api/v1/health") when the Host header is missing
 * (HTTP/1.0 allows that), empty or not a valid host, and `new URL(request.url)` then throws in every handler.
 * Such a request is given `origin` (PUBLIC_URL's) instead; one with a usable Host is passed on untouched.
 */
export function withAbsoluteUrl(request: Request, origin: string): Request {
  if (!request.url.startsWith('/')) return request
  // Concatenated, not resolved against origin: a target such as "//x" would otherwise become host "x".
  return new Request(origin + request.url, request)
}
