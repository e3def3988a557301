/** The small set of building blocks every page is made of: labelled fields, times, notices, loading and empty states. */
import type { ComponentChildren, Ref } from 'preact'
import { useEffect, useId, useLayoutEffect, useRef } from 'preact/hooks'
import { common } from './strings'
import { useLang, useT } from '../lib/i18n'
import { errorMessage } from '../lib/api-messages'
import { formatDateTime } from '../lib/format'
import { useSession } from '../lib/session'
import type { Loaded } from '../lib/use-load'

/** The page's one heading; it names the document and takes focus on navigation so screen readers announce it. */
export function Page({ title, children, wide }: { title: string; children: ComponentChildren; wide?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // In the same task as the page's first paint: the tab and assistive technology never see the previous title.
  useLayoutEffect(() => {
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

/** What every labelled control has: its label, a hint under it, its error (tied to it for assistive technology). */
interface Labelled {
  label: string; hint?: string; error?: string
  /** Classes added to the field's wrapper, for its size in the page's layout. */
  class?: string
}

/** The attributes that tie a control to its label, hint and error. */
interface Wiring { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }

function LabelledControl({ label, hint, error, class: extra, control }: Labelled & { control: (wiring: Wiring) => ComponentChildren }) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div class={extra ? `field ${extra}` : 'field'}>
      <label for={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && <p class="hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  )
}

/**
 * A labelled input; its error sits right under it and is tied to it for assistive technology. `onCommit` gets the
 * value when the person is done with it (the `change` event: leaving the field, Enter, a pick from its list).
 */
export function Field({ label, error, hint, class: extra, value, onValue, onCommit, ...input }: InputProps & Labelled & {
  value: string; onValue: (value: string) => void; onCommit?: (value: string) => void
}) {
  return (
    <LabelledControl label={label} hint={hint} error={error} class={extra} control={(wiring) => (
      <input {...wiring} value={value} onInput={(e) => onValue(e.currentTarget.value)}
        onChange={onCommit && ((e) => onCommit(e.currentTarget.value))} {...(input as Record<string, unknown>)} />
    )} />
  )
}

export interface Option<V extends string = string> { value: V; label: string; lang?: string }

/** A labelled select, wired like `Field`. */
/** A labelled select; `onValue` gets the chosen option's value, typed as the options are. */
export function SelectField<V extends string>({ label, error, hint, class: extra, value, onValue, options, name, selectRef }: Labelled & {
  value: V; onValue: (value: V) => void; options: Option<V>[]; name?: string; selectRef?: Ref<HTMLSelectElement>
}) {
  const choose = (chosen: string) => {
    const option = options.find((o) => o.value === chosen)
    if (option) onValue(option.value)
  }
  return (
    <LabelledControl label={label} hint={hint} error={error} class={extra} control={(wiring) => (
      <select {...wiring} ref={selectRef} name={name} value={value} onChange={(e) => choose(e.currentTarget.value)}>
        {options.map((o) => <option key={o.value} value={o.value} lang={o.lang}>{o.label}</option>)}
      </select>
    )} />
  )
}

/** A labelled textarea, wired like `Field`. */
export function TextArea({ label, error, hint, class: extra, value, onValue, textRef, rows, name, onKeyDown }: Labelled & {
  value: string; onValue: (value: string) => void
  textRef?: Ref<HTMLTextAreaElement>; rows?: number; name?: string; onKeyDown?: (event: KeyboardEvent) => void
}) {
  return (
    <LabelledControl label={label} hint={hint} error={error} class={extra} control={(wiring) => (
      <textarea {...wiring} ref={textRef} name={name} rows={rows} value={value} onInput={(e) => onValue(e.currentTarget.value)}
        onKeyDown={onKeyDown} />
    )} />
  )
}

/** An instant on the user's clock, in their date and time formats. */
export function When({ iso }: { iso: string }) {
  const { prefs } = useSession()
  return <time dateTime={iso}>{formatDateTime(iso, prefs)}</time>
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

/**
 * `pending` (by default "loading") until the first answer, the error with a retry, then the content (kept while a
 * reload runs). A page passes as `pending` a placeholder of its content's size, so nothing moves when the answer
 * comes; both sit in a fragment, so a component in both keeps its state and its DOM.
 */
export function LoadState<T>({ loaded, children, pending }: { loaded: Loaded<T>; children: (data: T) => ComponentChildren; pending?: ComponentChildren }) {
  const t = useT(common)
  if (loaded.state === 'error') {
    return <div><ErrorNotice error={loaded.error} /><button type="button" onClick={loaded.reload}>{t('retry')}</button></div>
  }
  if (loaded.data === undefined) return <>{pending ?? <Loading />}</>
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
