/**
 * Which forms inside a part of the page were changed since they were last submitted. The welcome shows the settings
 * page's own sections, each saved with its own button; a person who changes one and presses "Next" should hear that
 * it is not saved, not lose it. Input, change and submit events bubble, so one listener on the container sees every
 * section without the sections knowing.
 */
import { useRef } from 'preact/hooks'

export function useUnsavedForms() {
  const changed = useRef(new Set<HTMLFormElement>())
  const mark = (event: Event) => {
    const form = (event.target as HTMLInputElement).form
    if (form) changed.current.add(form)
  }
  return {
    /** Spread on the container. */
    listeners: {
      onInput: mark,
      onChange: mark,
      onSubmit: (event: Event) => { changed.current.delete(event.target as HTMLFormElement) },
    },
    /** The headings of the sections in `within` with a changed form that is still on the page. */
    sectionsIn(within: Element | null): string[] {
      return [...changed.current]
        .filter((form) => form.isConnected && within?.contains(form))
        .map((form) => form.closest('section')?.querySelector('h2')?.textContent ?? '')
    },
    /** Forgets the changes in `within`: the person chose to go on without them. */
    forget(within: Element | null) {
      for (const form of changed.current) if (!form.isConnected || within?.contains(form)) changed.current.delete(form)
    },
  }
}
