/**
 * The repository explains itself (docs/README.md): comments cite docs/ by section, never a file outside the
 * repository. Fails when a comment names a .md file that does not exist, when a `docs/….md §N` citation names a
 * section the page does not have, when anything points to the old shared folder, or when a link in docs/ or the
 * README leads to a missing file or heading.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')
const SELF = relative(ROOT, import.meta.path)
const CODE = /\.(ts|tsx|js|mjs)$/

function walk(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...walk(path, keep))
    } else if (keep(path)) out.push(path)
  }
  return out
}

const codeFiles = ['src', 'test', 'scripts', 'bench'].flatMap((dir) => walk(dir, (p) => CODE.test(p))).filter((p) => p !== SELF)
const markdownFiles = ['README.md', ...walk('docs', (p) => p.endsWith('.md'))]
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

/** Where a line's comment starts: after `//` (not a URL's `://`), at `/*`, or the whole line inside a block. */
function commentOf(line: string): string | undefined {
  if (/^\s*\*/.test(line)) return line
  const slashes = line.search(/(?<!:)\/\//)
  const block = line.indexOf('/*')
  const starts = [slashes, block].filter((i) => i >= 0)
  return starts.length > 0 ? line.slice(Math.min(...starts)) : undefined
}

const MD_PATH = /(?<![\w./-])((?:\.{1,2}\/)*[\w-]+(?:\/[\w.-]+)*\.md)\b/g

/** A cited .md path, resolved as the reader would: docs/… and README.md from the root, others beside the file. */
function citedFileExists(from: string, cited: string): boolean {
  if (cited.startsWith('docs/') || cited === 'README.md') return existsSync(join(ROOT, cited))
  return existsSync(join(ROOT, dirname(from), cited))
}

/** The numbered sections of a markdown page: `## 11. Rate limits` gives 11, `### 11.2 Behaviour` gives 11.2. */
function sectionsOf(page: string): Set<string> {
  const out = new Set<string>()
  for (const m of read(page).matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)) out.add(m[1]!)
  return out
}

/** The section numbers right after a citation: `§2.4–3.5`, `§3.9, 3.11`, `§4 and 8.2`. */
function citedSections(after: string): string[] {
  const first = /^ §\s?(\d+(?:\.\d+)*)/.exec(after)
  if (!first) return []
  const numbers = [first[1]!]
  let rest = after.slice(first[0].length)
  for (let m = /^\s*(?:,|–|-|and)\s*§?\s?(\d+(?:\.\d+)*)/.exec(rest); m; m = /^\s*(?:,|–|-|and)\s*§?\s?(\d+(?:\.\d+)*)/.exec(rest)) {
    numbers.push(m[1]!)
    rest = rest.slice(m[0].length)
  }
  return numbers
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
function anchorsOf(page: string): Set<string> {
  return new Set([...read(page).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)))
}

describe('the repository explains itself', () => {
  test('nothing points to the shared folder outside the repository', () => {
    const outside = new RegExp(['\\.\\./' + 'shared', '\\bshared/(spec|contract|design)'].join('|'))
    const found = [...codeFiles, ...markdownFiles].flatMap((path) =>
      read(path).split('\n').flatMap((line, i) => outside.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : []))
    expect(found).toEqual([])
  })

  test('every .md file a comment cites exists in the repository', () => {
    const missing: string[] = []
    for (const path of codeFiles) {
      read(path).split('\n').forEach((line, i) => {
        const comment = commentOf(line)
        // Outside comments, only what reads as a citation: a docs/ path, or a path followed by a section.
        const candidates = comment === undefined
          ? [...line.matchAll(MD_PATH)].filter((m) => m[1]!.startsWith('docs/') || line.slice(m.index! + m[0].length).startsWith(' §'))
          : [...comment.matchAll(MD_PATH)]
        for (const m of candidates) if (!citedFileExists(path, m[1]!)) missing.push(`${path}:${i + 1}: ${m[1]}`)
      })
    }
    expect(missing).toEqual([])
  })

  test('every `docs/….md §N` (or README.md §N) citation names a section the page has', () => {
    const wrong: string[] = []
    const sections = new Map<string, Set<string>>()
    for (const path of codeFiles) {
      read(path).split('\n').forEach((line, i) => {
        for (const m of line.matchAll(/(?<![\w./-])((?:docs\/[\w/-]+|README)\.md)/g)) {
          const page = m[1]!
          if (!existsSync(join(ROOT, page))) continue // reported by the test above
          if (!sections.has(page)) sections.set(page, sectionsOf(page))
          for (const n of citedSections(line.slice(m.index! + m[0].length))) {
            if (!sections.get(page)!.has(n)) wrong.push(`${path}:${i + 1}: ${page} §${n}`)
          }
        }
      })
    }
    expect(wrong).toEqual([])
  })

  test('links in docs/ and the README lead to files and headings that exist', () => {
    const broken: string[] = []
    for (const path of markdownFiles) {
      // Code spans and fenced blocks hold examples, not links.
      const text = read(path).replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!
        if (/^[a-z]+:/i.test(target)) continue
        const [file, anchor] = target.split('#') as [string, string | undefined]
        const page = file === '' ? path : relative(ROOT, resolve(ROOT, dirname(path), file))
        if (!existsSync(join(ROOT, page))) { broken.push(`${path}: ${target}`); continue }
        if (anchor !== undefined && (!page.endsWith('.md') || statSync(join(ROOT, page)).isDirectory() || !anchorsOf(page).has(anchor))) {
          broken.push(`${path}: ${target}`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  test('the checks see what they check', () => {
    // A walk that found nothing would pass every test above.
    expect(codeFiles.length).toBeGreaterThan(200)
    expect(markdownFiles).toContain('docs/api/conventions.md')
    expect(citedSections(' §2.4–3.5, 11 and 8.2.')).toEqual(['2.4', '3.5', '11', '8.2'])
    expect(sectionsOf('docs/api/conventions.md').has('11.2')).toBe(true)
    expect(slug('### 3.12 `POST /auth/revoke-token`'.replace(/^#+\s+/, ''))).toBe('312-post-authrevoke-token')
    expect(commentOf("const url = 'https://example.org/a.md' // see docs/x.md")).toBe('// see docs/x.md')
  })
})
