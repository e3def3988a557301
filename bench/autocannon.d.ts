/** The part of autocannon's programmatic API the benchmarks use (the package ships no type declarations). */
declare module 'autocannon' {
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void
  }
  export interface Client {
    setHeaders(headers: Record<string, string>): void
    setRequests(requests: Request[]): void
  }
  export interface Histogram { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p99: number }
  export interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    duration: number
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: Request[]
    setupClient?: (client: Client) => void
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
