/**
 * Downloads a file the API serves only to a bearer token: a plain link cannot send the Authorization header,
 * so the file is fetched, kept as a blob and handed to the browser through a temporary `<a download>`.
 * The whole file passes through memory once.
 */
import { ApiError, tokenStore } from './api'

/** How long the blob's URL stays valid after the click (the browser reads it asynchronously). */
const REVOKE_AFTER_MS = 60_000

export async function downloadWithToken(path: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = {}
  const token = tokenStore.get()
  if (token) headers.Authorization = `Bearer ${token}`
  let response: Response
  try {
    response = await fetch(`/api/v1${path}`, { headers })
  } catch {
    throw new ApiError(0, 'network_error', 'The server could not be reached.')
  }
  if (!response.ok) {
    const json = await response.json().catch(() => null)
    throw new ApiError(response.status, json?.code ?? 'http_error', json?.message ?? `HTTP ${response.status}`, json?.errors)
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
