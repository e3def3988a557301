/** Real HTTP peers on loopback: an ntfy-compatible server and a webhook receiver that verifies the signature. */
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface Recorded { path: string; headers: Headers; body: string; json: any; signatureValid?: boolean }

export interface Peer {
  url: string
  requests: Recorded[]
  /** answers to the next requests, in order; afterwards 200 */
  answers: { status: number; headers?: Record<string, string> }[]
  /** the webhook secret the receiver verifies against */
  secret?: string
  stop(): void
}

export function startPeer(): Peer {
  const peer: Peer = {
    url: '',
    requests: [],
    answers: [],
    stop: () => server.stop(true),
  }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const body = await req.text()
      let json: any
      try { json = JSON.parse(body) } catch { json = undefined }
      const recorded: Recorded = { path: new URL(req.url).pathname, headers: req.headers, body, json }
      const signature = req.headers.get('x-daybook-signature')
      if (peer.secret !== undefined && signature) {
        const expected = Buffer.from(`sha256=${createHmac('sha256', peer.secret).update(body).digest('hex')}`)
        const got = Buffer.from(signature)
        recorded.signatureValid = got.length === expected.length && timingSafeEqual(got, expected)
      }
      peer.requests.push(recorded)
      const answer = peer.answers.shift() ?? { status: 200 }
      return new Response('{"id":"x"}', { status: answer.status, headers: answer.headers })
    },
  })
  peer.url = `http://127.0.0.1:${server.port}`
  return peer
}
