/**
 * The page a reminder's check-in link opens: `/check-in/date/{date}`. With `?pass=` (the e-mail's and webhook's signed
 * day pass, docs/api/notifications.md §7.3) it asks the pinned questions of that one day without a sign-in, and writes
 * only when Save is pressed: loading the page, as a mail scanner does, changes nothing. Without a pass it is the
 * check-in page of that day.
 */
import { useEffect, useState } from 'preact/hooks'
import { useLocation, useRoute } from 'preact-iso'
import { api, ApiError } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { longDay } from '../../lib/format'
import { ErrorNotice, LoadState, Notice, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { checkInPath, isDate } from './trackers'
import { trackerStrings } from './tracker-strings'
import { dayLinkStrings } from './day-link-strings'

type Answers = Record<string, number>

/** The body of POST /check-in from the chosen answers: a built-in tracker by its key, one's own in `values`. */
function bodyOf(answers: Answers) {
  const body: Record<string, unknown> = {}
  const values: Record<string, number> = {}
  for (const [field, value] of Object.entries(answers)) {
    if (field.startsWith('values.')) values[field.slice('values.'.length)] = value
    else body[field] = value
  }
  return Object.keys(values).length > 0 ? { ...body, values } : body
}

export default function DayLinkPage() {
  const t = useT(dayLinkStrings)
  const tt = useT(trackerStrings)
  const lang = useLang()
  const { params } = useRoute()
  const { query, route } = useLocation()
  const date = isDate(params.date) ? params.date : ''
  const pass = query.pass ?? ''
  useEffect(() => { if (!pass) route(date ? checkInPath(date) : PAGES.checkIn, true) }, [pass, date])
  const day = useLoad((signal) => api.get(`/reminder-answers/day/${encodeURIComponent(pass)}`, { signal }), [pass])
  const [answers, setAnswers] = useState<Answers>({})
  const [sending, setSending] = useState<'idle' | 'saving' | 'saved' | 'empty'>('idle')
  const [failure, setFailure] = useState<unknown>(undefined)
  if (!pass) return null

  const refusal = day.state === 'error' && day.error instanceof ApiError && [403, 410].includes(day.error.status)
    ? (day.error as ApiError).status === 410 ? 'expired' : 'invalid' : undefined
  const label = (q: { field: string; label: string }) => (q.field.startsWith('values.') ? q.label : tt(q.field as 'mood'))

  async function save(e: Event) {
    e.preventDefault()
    if (Object.keys(answers).length === 0) return setSending('empty')
    setSending('saving')
    setFailure(undefined)
    try {
      await api.post(`/reminder-answers/day/${encodeURIComponent(pass)}`, bodyOf(answers) as never)
      setSending('saved')
    } catch (error) {
      setFailure(error)
      setSending('idle')
    }
  }

  return (
    <Page title={t('title', { day: date ? longDay(date, lang) : '' })}>
      {refusal
        ? <div class="stack"><Notice kind="error">{t(refusal)}</Notice><p><a href={date ? checkInPath(date) : PAGES.checkIn}>{t('signIn')}</a></p></div>
        : (
          <LoadState loaded={day}>
            {({ questions }) => (
              <form class="stack" onSubmit={save}>
                <p>{t('intro')}</p>
                {questions.map((q) => (
                  <fieldset key={q.code} class="choice-row">
                    <legend>{label(q)}</legend>
                    {q.choices.map((c) => (
                      <label key={c.value}>
                        <input type="radio" name={q.code} value={c.value} checked={(answers[q.field] ?? q.value) === c.value}
                          onChange={() => setAnswers({ ...answers, [q.field]: c.value })} />
                        {' '}{c.label === 'Yes' ? t('yes') : c.label === 'No' ? t('no') : c.label}
                      </label>
                    ))}
                  </fieldset>
                ))}
                {sending === 'empty' && <Notice kind="info">{t('nothingChosen')}</Notice>}
                {failure !== undefined && <ErrorNotice error={failure} />}
                {sending === 'saved' && <Notice kind="success">{t('saved')}</Notice>}
                <button type="submit" disabled={sending === 'saving'}>{sending === 'saving' ? t('saving') : t('save')}</button>
              </form>
            )}
          </LoadState>
        )}
    </Page>
  )
}
