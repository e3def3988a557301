/** feeds: feeds.opml, OPML 2.0 with one `outline` per subscription (export.md 10.4). */
import type { FeatureWriter } from '../scope'
import { escapeXmlAttribute as esc } from './markup'
import { libraryData, libraryItemPages, str } from './library-items'

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
  + '<opml version="2.0">\n'
  + '  <head>\n'
  + '    <title>daybook feeds</title>\n'
  + '  </head>\n'
  + '  <body>\n'
const TAIL = '  </body>\n</opml>\n'

export const feedsWriter: FeatureWriter = {
  async writeFiles(scope) {
    const entry = scope.zip.deflated(`${scope.dir}feeds.opml`)
    await entry.write(HEAD)
    let count = 0
    for await (const page of libraryItemPages(scope, 'feeds')) {
      let text = ''
      for (const feed of page) {
        const title = esc(str(feed, 'title') ?? '')
        const site = str(feed, 'site_url')
        const html = site ? ` htmlUrl="${esc(site)}"` : ''
        text += `    <outline type="rss" text="${title}" title="${title}" xmlUrl="${esc(str(feed, 'url') ?? '')}"${html}/>\n`
      }
      count += page.length
      await entry.write(text)
    }
    await entry.write(TAIL)
    await entry.end()
    return { count, files: ['feeds.opml'] }
  },
  data: libraryData('feeds'),
}
