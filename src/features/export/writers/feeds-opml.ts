/** feeds: feeds.opml, OPML 2.0 with one `outline` per subscription (docs/api/export.md §10.4). */
import type { FeatureWriter } from '../scope'
import { escapeXmlAttribute as esc } from './markup'
import { libraryData, libraryItemPages, str } from './library-items'
import type { LibraryItem } from '../../libraries/present'
import { writeTextFile } from './text-file'

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
  + '<opml version="2.0">\n'
  + '  <head>\n'
  + '    <title>daybook feeds</title>\n'
  + '  </head>\n'
  + '  <body>\n'
const TAIL = '  </body>\n</opml>\n'

function outline(feed: LibraryItem): string {
  const title = esc(str(feed, 'title') ?? '')
  const site = str(feed, 'site_url')
  const html = site ? ` htmlUrl="${esc(site)}"` : ''
  return `    <outline type="rss" text="${title}" title="${title}" xmlUrl="${esc(str(feed, 'url') ?? '')}"${html}/>\n`
}

export const feedsWriter: FeatureWriter = {
  async writeFiles(scope) {
    const count = await writeTextFile(scope, 'feeds.opml', { head: HEAD, tail: TAIL }, libraryItemPages(scope, 'feeds'), outline)
    return { count, files: ['feeds.opml'] }
  },
  data: libraryData('feeds'),
}
