/**
 * The report as the server rendered it (docs/api/shares.md §7), in a frame of its own: `srcdoc`, because the page
 * came with the session's bearer token, which no address can carry; `sandbox` without `allow-scripts`, so nothing
 * in it can ever run; `allow-same-origin`, so this page can size the frame to the report and print it, and the
 * report's stylesheet loads under the app's CSP, which the frame inherits. Print prints the frame alone, on A4.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { useT } from '../../lib/i18n'
import { strings } from './strings'

export function Preview({ html }: { html: string }) {
  const t = useT(strings)
  const frame = useRef<HTMLIFrameElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const [height, setHeight] = useState<number>()
  const fit = () => {
    const page = frame.current?.contentDocument?.documentElement
    if (page) setHeight(page.scrollHeight)
  }
  // A new report is news: the focus goes to its heading, so a screen reader says it and the keyboard goes on from there.
  useLayoutEffect(() => heading.current?.focus(), [html])
  useEffect(() => {
    addEventListener('resize', fit)
    return () => removeEventListener('resize', fit)
  }, [])
  return (
    <section class="card report-preview" aria-labelledby="report-preview">
      <div class="report-preview-head">
        <h2 id="report-preview" tabIndex={-1} ref={heading}>{t('preview')}</h2>
        <button type="button" class="primary" onClick={() => frame.current?.contentWindow?.print()}>{t('print')}</button>
      </div>
      <p class="hint">{t('printHint')}</p>
      <p class="visually-hidden" role="status">{height !== undefined && t('ready')}</p>
      <iframe ref={frame} class="report-frame" title={t('frameTitle')} srcdoc={html} sandbox="allow-same-origin allow-modals"
        onLoad={fit} style={height === undefined ? undefined : { height: `${height}px` }} />
    </section>
  )
}
