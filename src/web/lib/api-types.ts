/**
 * The API's types, read from the server's own route declarations: `ApiRoutes` (src/app.ts) is what Elysia infers
 * from every route's path, body declaration and response schemas. Imported as types only, so the bundle holds no
 * server code; a response schema or a body declaration that changes fails `npm run typecheck` at every page that
 * relies on it.
 */
import type { ApiRoutes } from '../../app'
import type { Sendable } from '../../lib/validation'

type Routes = ApiRoutes['api']['v1']
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Every routed path below /api/v1 with its methods, a path parameter being any text: `/users/${string}/public-profile`. */
type Paths<T, Prefix extends string = ''> =
  | (Extract<keyof T, Method> extends never ? never : { path: Prefix; methods: Extract<keyof T, Method> })
  | { [K in Exclude<keyof T & string, Method>]: Paths<T[K], `${Prefix}/${K extends `:${string}` ? string : K}`> }[Exclude<keyof T & string, Method>]
type AllPaths = Paths<Routes>

/** A path the API routes for `M`, optionally with a query string. */
type PathsOf<M extends Method, E = AllPaths> = E extends { path: infer P; methods: infer Ms } ? M extends Ms ? P : never : never
export type ApiPath<M extends Method> = PathsOf<M> extends infer P extends string ? P | `${P}?${string}` : never

type Split<P extends string> = P extends `${infer Head}/${infer Rest}` ? [Head, ...Split<Rest>] : [P]
type Segments<P extends string> = P extends `${infer Path}?${string}` ? Segments<Path> : P extends `/${infer Rest}` ? Split<Rest> : []
/** Down the route tree by segment: a literal one where the tree has it, else the path parameter. */
type Walk<T, S> = S extends [infer Head extends string, ...infer Rest]
  ? Head extends keyof T ? Walk<T[Head], Rest>
    : [Extract<keyof T, `:${string}`>] extends [never] ? never : Walk<T[Extract<keyof T, `:${string}`>], Rest>
  : T

/** What Elysia knows of `M P`: its body, query and responses by status; never for a path no route answers. */
type Route<M extends Method, P extends string> = Walk<Routes, Segments<P>> extends infer Node
  ? [Node] extends [never] ? never : M extends keyof Node ? Node[M] : never
  : never

/** The success answer of `M P` as its route declares it (200, 201 or 202; a route with two is their union): the envelope. */
export type ApiAnswer<M extends Method, P extends string> = [Route<M, P>] extends [never] ? never
  : Route<M, P> extends { response: infer Res } ? Res[Extract<keyof Res, 200 | 201 | 202>] : never
/** The answer's `data`. */
export type ApiData<M extends Method, P extends string> = ApiAnswer<M, P> extends { data: infer D } ? D : never

/**
 * What a page may send to `M P`: the keys of the route's body declaration with the types its rules accept (an
 * upload: FormData). A route that declares no body takes none; one not yet typed (a body declared by the
 * declaration itself) any object.
 */
export type ApiBody<M extends Method, P extends string> = [Route<M, P>] extends [never] ? never : Route<M, P> extends { body: infer B }
  ? [Sendable<B>] extends [never] ? ([keyof B] extends [never] ? undefined : Record<string, unknown> | FormData) : Sendable<B> | FormData
  : never

interface Init { signal?: AbortSignal }
/** The arguments after the path: the body where the route takes one, then the request's options. */
export type RequestArgs<M extends Method, P extends string> = undefined extends ApiBody<M, P>
  ? [body?: ApiBody<M, P>, init?: Init]
  : [body: ApiBody<M, P>, init?: Init]
