/** clipboard.md §1 */
export interface ClipboardEntry {
  id: number
  type: 'text' | 'image'
  content: string
  file_path: string | null
  image_url: string | null
  mime_type: string | null
  size_bytes: number | null
  created_at: string
  updated_at: string
}

/**
 * Where the page loads an image from: the public file path on this origin. `image_url` carries the
 * configured PUBLIC_URL, which may name another host than the one the app was opened on.
 */
export const imageSrc = (entry: ClipboardEntry) => `/storage/user/${entry.file_path}`
