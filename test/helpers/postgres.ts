/**
 * A real PostgreSQL server for the tests of the PostgreSQL engine (docs/scaling.md): the Debian `postgresql`
 * package's own binaries (`/usr/lib/postgresql/<version>/bin`), a cluster made by `initdb` in a temporary folder,
 * listening on a free loopback port (and a Unix socket in that folder only), started once per test file and
 * stopped and deleted after it. Nothing of the machine's own clusters is touched.
 *
 * A missing package is a failure that names it (the house rule: no test skips itself). As root (CI), `initdb`
 * refuses to run, so the cluster belongs to the package's `postgres` system user, run through `runuser`.
 *
 * The cluster is made for speed, not durability (`fsync=off`, no full-page writes): a test database is thrown away.
 */
import { SQL } from 'bun'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

export const POSTGRES_PACKAGE = 'postgresql'

/** The bin folder of the newest installed Debian PostgreSQL (`/usr/lib/postgresql/*\/bin/initdb`), if any. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin')
}

/** The bin folder of the installed PostgreSQL, or an error naming the Debian package to install. */
export function requirePostgresBin(root?: string): string {
  const bin = findPostgresBin(root)
  if (bin) return bin
  throw new Error(`PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb. Install the Debian package ` +
    `\`${POSTGRES_PACKAGE}\` (apt-get install -y ${POSTGRES_PACKAGE}; .ci/run does).`)
}

export interface TestPostgres {
  /** `postgres://daybook@127.0.0.1:<port>/<database>` */
  url(database?: string): string
  port: number
  /** a new empty database; its URL */
  createDatabase(name: string): Promise<string>
  /** stops the server and deletes its folder */
  stop(): Promise<void>
}

const isRoot = () => process.getuid?.() === 0

/** As root, a command runs as the `postgres` system user (initdb and postgres refuse root). */
const asOwner = (cmd: string[]) => (isRoot() ? ['runuser', '-u', 'postgres', '--', ...cmd] : cmd)

function run(cmd: string[], what: string): void {
  const r = Bun.spawnSync(asOwner(cmd), { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, LC_ALL: 'C' } })
  if (r.exitCode !== 0) throw new Error(`${what} failed (exit ${r.exitCode}): ${r.stderr.toString().trim() || r.stdout.toString().trim()}`)
}

async function freePort(): Promise<number> {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = s.port
  s.stop(true)
  return port
}

/**
 * initdb + pg_ctl start in a new folder outside the test run's (root-only) temp root, so the `postgres` user can
 * own it; the folder holds the data directory, the log and the Unix socket (kept out of /var/run/postgresql).
 */
export async function startPostgres(bin: string): Promise<TestPostgres> {
  // Short path: a Unix socket path must stay under ~107 bytes.
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : '/tmp', 'daybook-pg-'))
  if (isRoot()) {
    const pw = Bun.spawnSync(['id', '-u', 'postgres'], { stdout: 'pipe' })
    const gw = Bun.spawnSync(['id', '-g', 'postgres'], { stdout: 'pipe' })
    if (pw.exitCode !== 0) throw new Error(`running as root, but there is no \`postgres\` user (it comes with the Debian package \`${POSTGRES_PACKAGE}\`)`)
    chownSync(dir, Number(pw.stdout.toString()), Number(gw.stdout.toString()))
  }
  const data = join(dir, 'data')
  const log = join(dir, 'server.log')
  try {
    run([join(bin, 'initdb'), '-D', data, '-U', 'daybook', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'], 'initdb')
    let port = 0
    for (let attempt = 0; ; attempt++) {
      port = await freePort()
      const options = [
        `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off',
        '-c full_page_writes=off', '-c shared_buffers=32MB', '-c max_connections=50',
      ].join(' ')
      try {
        run([join(bin, 'pg_ctl'), '-D', data, '-l', log, '-o', options, '-w', '-t', '30', 'start'], 'pg_ctl start')
        break
      } catch (err) {
        // Another process may have taken the port between the probe and the start: try another one.
        if (attempt >= 2) throw new Error(`${(err as Error).message}\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`)
      }
    }
    // If this process dies without afterAll (a killed run), the watchdog stops the server and deletes its folder.
    const stopCmd = asOwner([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']).map((a) => `'${a}'`).join(' ')
    const watchdog = Bun.spawn(['sh', '-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopCmd} >/dev/null 2>&1; rm -rf '${dir}'`], {
      stdin: 'ignore', stdout: 'ignore', stderr: 'ignore',
    })
    watchdog.unref()
    const url = (database = 'postgres') => `postgres://daybook@127.0.0.1:${port}/${database}`
    return {
      url,
      port,
      async createDatabase(name) {
        const admin = new SQL({ url: url(), max: 1 })
        try {
          await admin.unsafe(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
        } finally {
          await admin.close()
        }
        return url(name)
      },
      async stop() {
        watchdog.kill()
        try {
          run([join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop'], 'pg_ctl stop')
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true })
    throw err
  }
}
