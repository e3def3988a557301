/** One person in a list: image, name (leading to their profile), a line about them, and the row's buttons. */
import type { ComponentChildren } from 'preact'
import { Avatar } from './avatar'
import type { Person } from './types'

export function PersonRow({ person, detail, children }: { person: Person; detail: ComponentChildren; children?: ComponentChildren }) {
  return (
    <li class="person-row">
      <Avatar person={person} />
      <div class="person-main">
        <a class="person-name" href={`/friends/${person.id}`}>{person.name}</a>
        <span class="hint">{detail}</span>
      </div>
      {children && <div class="row-actions">{children}</div>}
    </li>
  )
}
