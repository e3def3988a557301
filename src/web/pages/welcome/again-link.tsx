/** The way back to the welcome, for the settings page. */
import { useT } from '../../lib/i18n'
import { PAGES } from '../../paths'
import { strings } from './strings'

export function WelcomeAgainLink() {
  const t = useT(strings)
  return <p><a href={PAGES.welcome}>{t('again')}</a></p>
}
