/**
 * The strongest pairs as the server words them, each with its figures beside it: the correlation, the same after
 * the adjustment for few days (and a bar of its strength), whether it is the same day or the next, and the days.
 */
import { useLang, useT } from '../../lib/i18n'
import { Empty } from '../../components/ui'
import { formatNumber, type InsightsData } from './data'
import { strings } from './strings'

export function PairList({ pairs }: { pairs: InsightsData['pairs'] }) {
  const t = useT(strings)
  const lang = useLang()
  return (
    <section aria-labelledby="insights-pairs">
      <h2 id="insights-pairs">{t('patterns')}</h2>
      <p class="hint">{t('method')}</p>
      {pairs.length === 0 ? <Empty>{t('noPatterns')}</Empty> : (
        <ol class="insight-pairs">
          {pairs.map((pair) => (
            <li key={`${pair.a} ${pair.b} ${pair.lag}`} class="card insight-pair">
              <p class="insight-text">{pair.text}</p>
              <p class="insight-figures">
                <span class="visually-hidden">{t('figures')}: </span>
                <span>{t('correlation')} {formatNumber(pair.rho, 2, lang)} ({t('adjusted')}: {formatNumber(pair.rho_adjusted, 2, lang)})</span>
                <span>{pair.lag === 0 ? t('sameDay') : t('nextDay')}</span>
                <span>{t('days', { n: pair.n })}</span>
              </p>
              <span class={pair.rho_adjusted < 0 ? 'strength strength-negative' : 'strength'} aria-hidden="true">
                <span style={{ width: `${Math.abs(pair.rho_adjusted) * 100}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
