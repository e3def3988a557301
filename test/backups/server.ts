/** A real `daybook serve` child process on a free loopback port, for the round-trip tests. */
import { join } from 'node:path'
import { MAIN, cliEnv } from './helpers'

export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

export interface Served {
  url: string
  proc: Bun.Subprocess
  stop(): Promise<number>
  output(): Promise<string>
}

export async function startServer(dataDir: string): Promise<Served> {
  const port = await freePort()
  const proc = Bun.spawn([process.execPath, MAIN, 'serve'], {
    env: cliEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, BACKUP_SCHEDULE: 'off' }),
    stdout: 'pipe', stderr: 'pipe',
  })
  const url = `http://127.0.0.1:${port}`
  const output = async () => `${await new Response(proc.stdout as ReadableStream).text()}${await new Response(proc.stderr as ReadableStream).text()}`
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${await output()}`)
    const ok = await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false)
    if (ok) return { url, proc, output, stop: async () => { proc.kill('SIGTERM'); return proc.exited } }
    await Bun.sleep(50)
  }
  proc.kill()
  throw new Error('server did not become healthy')
}

export async function signIn(url: string, email: string, password: string): Promise<{ status: number; token?: string }> {
  const r = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  const body = await r.json() as { data?: { token?: string } }
  return { status: r.status, token: body.data?.token }
}

export const dbPathOf = (dataDir: string) => join(dataDir, 'daybook.db')
