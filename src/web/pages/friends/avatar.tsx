/** A person's profile image, or their initials on a coloured disc when they have none. */
import type { Person } from './types'

/**
 * The image is served by this server (docs/api/users.md §3); the path keeps it same-origin whatever PUBLIC_URL says.
 */
export const imageSrc = (path: string | null) => (path ? `/storage/user/${path}` : undefined)

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words
  return letters.map((w) => [...w][0]!.toUpperCase()).join('') || '?'
}

/** Decorative next to the name it belongs to: the name is always written beside it. */
export function Avatar({ person, size = 'small' }: { person: Pick<Person, 'name' | 'profile_image_path'>; size?: 'small' | 'large' }) {
  const src = imageSrc(person.profile_image_path)
  return src
    ? <img class={`avatar avatar-${size}`} src={src} alt="" />
    : <span class={`avatar avatar-${size} avatar-initials`} aria-hidden="true">{initials(person.name)}</span>
}
