/**
 * The archive comes from an authenticated endpoint, so a plain link cannot fetch it: it is read with the bearer
 * token into a blob, then handed to the browser through a temporary `<a download>`.
 */
import { ApiError, tokenStore } from '../../lib/api'

export async function downloadExport(id: number): Promise<void> {
  const token = tokenStore.get()
  let response: Response
  try {
    response = await fetch(`/api/v1/export/${id}/download`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new ApiError(0, 'network_error', 'The server could not be reached.')
  }
  if (!response.ok) {
    const json = await response.json().catch(() => null)
    throw new ApiError(response.status, json?.code ?? 'http_error', json?.message ?? `HTTP ${response.status}`)
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = `export_${id}.zip`
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once the click is handled; the blob is released a little later to be safe.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
