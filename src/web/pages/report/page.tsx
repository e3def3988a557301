/**
 * The report to print or share (docs/api/shares.md §7): choose trackers, period and notes; show the report the
 * server renders, print it; make a link of the same choice; see and revoke one's links.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { todayIn } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit, useAction } from '../../lib/use-action'
import { useLoad, type Loaded } from '../../lib/use-load'
import { ErrorNotice, LoadState, Page } from '../../components/ui'
import { trackerStrings } from '../check-in/tracker-strings'
import { loadOwnTrackers } from '../check-in/own-trackers'
import { RATING_TRACKERS, loadSettings } from '../check-in/trackers'
import { problemsOf, reportQuery, withPeriod, type Choice, type Pick } from './choice'
import { ChoiceForm, type TrackerOption } from './choice-form'
import { Preview } from './preview'
import { ShareForm } from './share-form'
import { ShareList, type Share } from './share-list'
import { strings } from './strings'

/** What can be chosen (check-in trackers as enabled, own ones not archived), and every name a link may hold. */
interface Options { builtin: TrackerOption[]; own: TrackerOption[]; names: Map<Pick, string> }

export default function ReportPage() {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const { prefs } = useSession()
  const today = todayIn(prefs.timezone)
  const options = useLoad(async (signal): Promise<Options> => {
    const [settings, own] = await Promise.all([loadSettings(signal), loadOwnTrackers(signal)])
    return {
      builtin: settings.enabled_trackers.map((name) => ({ pick: name, name: tt(name) })),
      own: own.filter((tracker) => !tracker.archived).map((tracker) => ({ pick: tracker.id, name: tracker.name })),
      names: new Map<Pick, string>([
        ...[...RATING_TRACKERS, 'sports' as const].map((name) => [name, tt(name)] as const),
        ...own.map((tracker) => [tracker.id, tracker.name] as const),
      ]),
    }
  }, [])
  const shares = useLoad((signal) => api.get('/shares', { signal }), [])
  return (
    <Page title={t('title')} wide>
      <p>{t('intro')}</p>
      <LoadState loaded={options}>
        {(loaded) => <Report options={loaded} today={today} shares={shares} />}
      </LoadState>
    </Page>
  )
}

function Report({ options, today, shares }: { options: Options; today: string; shares: Loaded<Share[]> }) {
  const t = useT(strings)
  const [choice, setChoice] = useState<Choice>(() => withPeriod({
    trackers: options.builtin.slice(0, 1).map((o) => o.pick), period: 'days30', from: today, to: today, notes: false,
  }, 'days30', today))
  const [tried, setTried] = useState(false)
  const [html, setHtml] = useState<string>()
  const problems = tried ? problemsOf(choice) : {}
  const ready = Object.keys(problemsOf(choice)).length === 0
  const show = useAction(async () => setHtml((await api.get(`/report?${reportQuery(choice)}`)).html))
  return (
    <>
      <div class="report-controls">
        <section class="card stack" aria-labelledby="report-choose">
          <h2 id="report-choose">{t('choose')}</h2>
          <form class="stack" onSubmit={onSubmit(() => { setTried(true); if (ready) show.run() })} noValidate>
            <ChoiceForm builtin={options.builtin} own={options.own} choice={choice} onChoice={setChoice} problems={problems} today={today} />
            <button type="submit" class="primary" disabled={show.pending} aria-busy={show.pending}>{t('show')}</button>
            {show.error !== undefined && <ErrorNotice error={show.error} />}
          </form>
        </section>
        <ShareForm choice={choice} ready={ready} onTried={() => setTried(true)} onCreated={shares.reload} />
      </div>
      {html !== undefined && <Preview html={html} />}
      <ShareList shares={shares} nameOf={(pick) => options.names.get(pick)} onRevoked={shares.reload} />
    </>
  )
}
