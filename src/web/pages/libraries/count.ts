/** "1 item", "1,234 items": the plural form of the app's language (strings.ts), the number in its digits. */
import { locale } from '../../lib/format'
import type { Lang, Translate } from '../../lib/i18n'

export const countItems = (n: number, lang: Lang, t: Translate<'items'>): string =>
  t('items', { n: new Intl.NumberFormat(locale(lang)).format(n) })
