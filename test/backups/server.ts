/** A real `daybook serve` child process on a free loopback port, for the round-trip tests. */
import { join } from 'node:path'
import { MAIN, cliEnv } from './helpers'
import { freePort, untilHealthy } from '../helpers/serve'


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
  // An exit or a timeout: either way the server's own output says why.
  if (await untilHealthy(url, proc, 15_000).catch(() => false)) return { url, proc, output, stop: async () => { proc.kill('SIGTERM'); return proc.exited } }
  proc.kill()
  throw new Error(`server did not become healthy: ${await output()}`)
}

export async function signIn(url: string, email: string, password: string): Promise<{ status: number; token?: string }> {
  const r = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  const body = await r.json() as { data?: { token?: string } }
  return { status: r.status, token: body.data?.token }
}

export const dbPathOf = (dataDir: string) => join(dataDir, 'daybook.db')
