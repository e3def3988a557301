/**
 * A part of the page for one kind of definition (trackers, activities, sports): its heading, what it is for, its
 * list, one status line that says what each change came to (for everyone and for screen readers), and the form to
 * add one. Each part loads, fails and is retried on its own.
 */
import type { ComponentChildren } from 'preact'
import { useRef, useState } from 'preact/hooks'
import { useLoad } from '../../lib/use-load'

/** The list of a section, read again after each change. */
export function useDefinitions<D>(load: (signal: AbortSignal) => Promise<D[]>) {
  const loaded = useLoad(load, [])
  const [status, setStatus] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  /** A change stored: says `message` and reads the list again. */
  const done = (message: string) => {
    setStatus(message)
    loaded.reload()
  }
  return {
    loaded, status, heading, done,
    /** A row deleted: its buttons went with it, so the focus goes to the section's heading. */
    deleted: (message: string) => {
      done(message)
      heading.current?.focus()
    },
  }
}

export function DefinitionSection({ id, title, intro, list, addTitle, form, children }: {
  /** The heading's id, which names the section. */
  id: string; title: string; intro: ComponentChildren
  list: Pick<ReturnType<typeof useDefinitions>, 'status' | 'heading'>
  addTitle: string; form: ComponentChildren; children: ComponentChildren
}) {
  return (
    <section class="card stack own-section" aria-labelledby={id}>
      <h2 id={id} ref={list.heading} tabIndex={-1}>{title}</h2>
      <p class="hint">{intro}</p>
      {children}
      <p class="own-status" role="status">{list.status}</p>
      <h3>{addTitle}</h3>
      {form}
    </section>
  )
}
