/**
 * The web app takes its API types from the server's declarations (src/web/lib/api-types.ts) but none of its
 * code: every import that leaves src/web is a type import, which the bundler drops. Read with Bun's own
 * transpiler, the view the bundler has of each file.
 */
import { describe, expect, test } from 'bun:test'
import { Glob } from 'bun'
import { dirname, relative, resolve } from 'node:path'

const WEB = resolve('src/web')
const transpiler = new Bun.Transpiler({ loader: 'tsx' })

/** The relative imports of `code` that the bundle would follow out of src/web. */
const leaving = (file: string, code: string) => transpiler.scanImports(code)
  .map((i) => i.path)
  .filter((path) => path.startsWith('.') && relative(WEB, resolve(dirname(file), path)).startsWith('..'))

describe('the web app bundles no server code', () => {
  test('the scan sees value imports and drops type imports, as the bundler does', () => {
    const file = resolve(WEB, 'pages/example/page.tsx')
    expect(leaving(file, "import type { FullUser } from '../../../features/users/model-shared'\nimport { type X } from '../../../app'")).toEqual([])
    expect(leaving(file, "import { FullUser } from '../../../features/users/model-shared'\nconsole.log(FullUser)"))
      .toEqual(['../../../features/users/model-shared'])
  })

  test('every file of src/web imports from outside it only types', async () => {
    const files = await Array.fromAsync(new Glob('**/*.{ts,tsx}').scan(WEB))
    expect(files.length).toBeGreaterThan(50)
    const found: string[] = []
    for (const name of files) {
      const file = resolve(WEB, name)
      for (const path of leaving(file, await Bun.file(file).text())) found.push(`${name} → ${path}`)
    }
    expect(found).toEqual([])
  })
})
