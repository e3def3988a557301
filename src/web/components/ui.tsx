/** The small set of building blocks every page is made of: labelled fields, notices, loading and empty states. */
import type { ComponentChildren } from 'preact'
import { useEffect, useId, useRef } from 'preact/hooks'
import { common } from './strings'
import { useLang, useT } from '../lib/i18n'
import { errorMessage } from '../lib/api-messages'
import type { Loaded } from '../lib/use-load'

/** The page's one heading; it names the document and takes focus on navigation so screen readers announce it. */
export function Page({ title, children, wide }: { title: string; children: ComponentChildren; wide?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} · daybook`
    if (document.activeElement === document.body || document.activeElement?.closest('nav, header')) heading.current?.focus()
  }, [title])
  return (
    <div class={wide ? 'page page-wide' : 'page'}>
      <h1 ref={heading} tabIndex={-1}>{title}</h1>
      {children}
    </div>
  )
}

/** What pages pass on to the input element. */
interface InputProps {
  type?: string; name?: string; autocomplete?: string; required?: boolean; placeholder?: string; disabled?: boolean
  min?: string | number; max?: string | number; step?: string | number; minLength?: number; maxLength?: number
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'search' | 'url' | 'tel'; list?: string; autoFocus?: boolean
}

/** A labelled input; its error sits right under it and is tied to it for assistive technology. */
export function Field({ label, error, hint, value, onValue, ...input }: InputProps & {
  label: string; error?: string; hint?: string; value: string; onValue: (value: string) => void
}) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} value={value} onInput={(e) => onValue(e.currentTarget.value)} aria-invalid={error ? true : undefined}
        aria-describedby={described} {...(input as Record<string, unknown>)} />
      {hint && <p class="hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  )
}

export function Notice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ComponentChildren }) {
  return <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>{children}</div>
}

/** A failed request in words, in the user's language. */
export function ErrorNotice({ error }: { error: unknown }) {
  return <Notice kind="error">{errorMessage(error, useLang())}</Notice>
}

export function Loading() {
  const t = useT(common)
  return <p class="loading" role="status" aria-live="polite"><span class="spinner" aria-hidden="true" />{t('loading')}</p>
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>
}

/** Loading until the first answer, the error with a retry, then the content (kept while a reload runs). */
export function LoadState<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ComponentChildren }) {
  const t = useT(common)
  if (loaded.state === 'error') {
    return <div><ErrorNotice error={loaded.error} /><button type="button" onClick={loaded.reload}>{t('retry')}</button></div>
  }
  if (loaded.data === undefined) return <Loading />
  return <>{children(loaded.data)}</>
}

/** Previous / next for the contract's paginated lists. */
export function Pager({ page, last, onPage }: { page: number; last: number; onPage: (page: number) => void }) {
  const t = useT(common)
  if (last <= 1) return null
  return (
    <nav class="pager" aria-label={t('pageOf', { page, last })}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('previous')}</button>
      <span>{t('pageOf', { page, last })}</span>
      <button type="button" disabled={page >= last} onClick={() => onPage(page + 1)}>{t('next')}</button>
    </nav>
  )
}
