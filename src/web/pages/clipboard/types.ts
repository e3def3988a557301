import type { ApiData } from '../../lib/api-types'

/** docs/api/clipboard.md §1, as the API declares it (clipboard/model.ts ClipboardEntry). */
export type ClipboardEntry = ApiData<'get', '/clipboard'>[number]

/**
 * Where the page loads an image from: the public file path on this origin. `image_url` carries the
 * configured PUBLIC_URL, which may name another host than the one the app was opened on.
 */
export const imageSrc = (entry: ClipboardEntry) => `/storage/user/${entry.file_path}`
