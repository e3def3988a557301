/**
 * The frame every settings section shares: a titled region, and what its own save said (each section saves on
 * its own, so each tells its own success or failure right where the user acted).
 */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { common } from '../../components/strings'
import { ErrorNotice, Notice } from '../../components/ui'
import { useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'

export function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section id={id} class="card social-card stack settings-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  )
}

/** An action that saves something: its pending and error state, plus whether the last run succeeded. */
export function useSaver<A extends unknown[]>(save: (...args: A) => Promise<unknown>) {
  const [saved, setSaved] = useState(false)
  const action = useAction(async (...args: A) => {
    setSaved(false)
    await save(...args)
    setSaved(true)
  })
  return { ...action, saved, reset: () => setSaved(false) }
}

/** The outcome of the section's last save: the error (unless its fields show it), or `message` ("Saved."). */
export function SaveFeedback({ saver, message }: { saver: ReturnType<typeof useSaver<any[]>>; message?: string }) {
  const t = useT(common)
  if (saver.formError !== undefined) return <ErrorNotice error={saver.formError} />
  return saver.saved ? <Notice kind="success">{message ?? t('saved')}</Notice> : null
}

export function SaveButton({ saver, label }: { saver: { pending: boolean }; label?: string }) {
  const t = useT(common)
  return <button type="submit" class="primary" disabled={saver.pending} aria-busy={saver.pending}>{label ?? t('save')}</button>
}
