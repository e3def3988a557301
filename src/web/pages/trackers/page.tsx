/** One's own trackers, activities and streak rules (docs/api/trackers.md, docs/api/streaks.md). */
import { common } from '../../components/strings'
import { Page } from '../../components/ui'
import { useT } from '../../lib/i18n'

export default function TrackersPage() {
  const c = useT(common)
  return <Page title={c('trackers')}>{null}</Page>
}
