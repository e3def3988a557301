/** "1 item", "12 items": the plural form of the app's language, the number in its digits. */
import { locale } from '../../lib/format'
import type { Lang, Translate } from '../../lib/i18n'

export function countItems(n: number, lang: Lang, t: Translate<'itemsOne' | 'itemsOther'>): string {
  const number = new Intl.NumberFormat(locale(lang)).format(n)
  return new Intl.PluralRules(locale(lang)).select(n) === 'one' ? t('itemsOne', { n: number }) : t('itemsOther', { n: number })
}
