/**
 * The frame every settings section shares, and its one way of saving: a control saves as soon as it is changed
 * (a choice when it is picked, a text when it is left or Enter is pressed), and the section says so quietly right
 * where the person acted ("Saving…", then "Saved."), or shows what was refused at the field.
 */
import type { ComponentChildren } from 'preact'
import { useRef, useState } from 'preact/hooks'
import { common } from '../../components/strings'
import { ErrorNotice } from '../../components/ui'
import { useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'

export function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section id={id} class="card social-card stack settings-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{title}</h3>
      {children}
    </section>
  )
}

/**
 * An action that saves something: its pending and error state, and whether the last run succeeded. Runs wait for
 * the one before, so quick changes reach the server in the order they were made and the last one wins.
 */
export function useSaver<A extends unknown[]>(save: (...args: A) => Promise<unknown>) {
  const [saved, setSaved] = useState(false)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const action = useAction(async (...args: A) => {
    setSaved(false)
    await save(...args)
    setSaved(true)
  })
  const run = (...args: A): Promise<boolean> => {
    const next = queue.current.then(() => action.run(...args))
    queue.current = next
    return next
  }
  return { ...action, run, saved, reset: () => setSaved(false) }
}

/**
 * What the section's saving says: the error (unless its fields show it), or a quiet status line — "Saving…",
 * then `message` ("Saved."). The line is always there, so assistive technology announces what is written into it.
 */
export function SaveFeedback({ saver, message }: { saver: ReturnType<typeof useSaver<any[]>>; message?: string }) {
  const t = useT(common)
  if (saver.formError !== undefined) return <ErrorNotice error={saver.formError} />
  return <p class="save-note" role="status">{saver.pending ? t('saving') : saver.saved ? message ?? t('saved') : ''}</p>
}

/** The button of a form that adds something (a channel): adding is an action, not a setting that saves itself. */
export function SaveButton({ saver, label }: { saver: { pending: boolean }; label?: string }) {
  const t = useT(common)
  return <button type="submit" class="primary" disabled={saver.pending} aria-busy={saver.pending}>{label ?? t('save')}</button>
}

/**
 * A text setting's value as typed, and `commit`, which saves it when it differs from what was last saved (leaving
 * the field and pressing Enter both commit; the second of them is then no change).
 */
export function useTextSetting(initial: string, save: (value: string) => Promise<boolean>) {
  const [value, setValue] = useState(initial)
  const stored = useRef(initial)
  const commit = async (current = value) => {
    if (current.trim() === stored.current.trim()) return
    const previous = stored.current
    stored.current = current
    if (!(await save(current))) stored.current = previous
  }
  return { value, setValue, commit }
}
