import { Problem } from '@tulpar/contracts'
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

/** How a signed-in user is known: the app's bearer token or the web's session cookie (the OpenAPI schemes). */
export const SIGNED_IN: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }]

/**
 * The schema of a route for signed-in users: what is given, with the sign-in schemes. Its 401, and its 400 and
 * 404 where it validates input or has path parameters, are added to every route by registerStandardResponses, so
 * `response` names only the rest.
 */
export function signedInSchema<S extends FastifySchema>(schema: S): S & { security: typeof SIGNED_IN } {
  return { ...schema, security: SIGNED_IN }
}

/** The schema of a back-office route: a signed-in route that answers 403 to a user without the staff role. */
export function staffSchema<S extends FastifySchema & { response: object }>(
  schema: S,
): S & { security: typeof SIGNED_IN; response: S['response'] & { 403: typeof Problem } } {
  return { ...schema, security: SIGNED_IN, response: { 403: Problem, ...schema.response } }
}

/** The instance a module's routes plugin (`FastifyPluginAsyncZod`) is given: its schemas are zod. */
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/**
 * Fastify's own handler type for a route with this schema: params, query and body typed from its zod schemas, the
 * answer checked against its response schemas.
 */
type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>
/** The schema parts that type a handler's request and answer. */
type Typed<P, Q, B, R> = { params: P; querystring: Q; body: B; response: R }
type Request<S extends FastifySchema> = Parameters<Handler<S>>[0]
type Reply<S extends FastifySchema> = Parameters<Handler<S>>[1]

/**
 * A route as a module declares it: its schema (summary, description, params, querystring, body, response...),
 * where it differs from the app's the largest body it takes, and its handler. Each typed part is a type parameter of
 * its own, so TypeScript infers them from the object and types the handler with them.
 */
type Route<P, Q, B, R, H> = Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'response'> & {
  params?: P
  querystring?: Q
  body?: B
  response: R
  bodyLimit?: number
  handler: H
}
type RouteSchema = Omit<Route<unknown, unknown, unknown, unknown, unknown>, 'handler'>

/** A handler of a signed-in route: the user first (the session already checked), then the request and reply. */
type UserHandler<U, S extends FastifySchema> = (user: U, req: Request<S>, reply: Reply<S>) => ReturnType<Handler<S>>

/** Who is signed in: `SessionResolver.requireUser`, which throws UnauthorizedError (401) for a guest. */
interface Sessions<U> {
  requireUser(req: FastifyRequest): Promise<U>
}

/** What every route of a group shares. */
interface Group {
  /** The OpenAPI tags of its routes, unless a route names its own. */
  tags?: string[]
  /** Who may call (e.g. "Admins only (401 for guests, 403 for users)."): ends each route's description. */
  access?: string
}

/** The schema Fastify is given: the route's, less its body limit, with the group's tags and access sentence. */
function schemaOf<S extends RouteSchema>({ bodyLimit: _, ...schema }: S, { tags, access }: Group) {
  const description = [schema.description, access].filter((part) => part !== undefined).join(' ')
  return { ...(tags === undefined ? {} : { tags }), ...schema, ...(description === '' ? {} : { description }) }
}

function add<S extends FastifySchema>(
  app: ZodApp,
  method: HTTPMethods,
  url: string,
  route: RouteSchema,
  schema: FastifySchema,
  handler: (req: Request<S>, reply: Reply<S>) => unknown,
) {
  const bodyLimit = route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }
  // The schema Fastify is given holds the params, querystring, body and responses S was inferred from (plus tags,
  // the sign-in schemes and 403), so the request Fastify builds is the one the handler was typed for.
  app.route({ method, url, schema, handler: handler as Handler<FastifySchema>, ...bodyLimit })
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** `get`, `post`, `put`, `patch` and `delete`, each declaring a route with that method. */
function verbs<Declare>(declare: (method: Method) => Declare) {
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  }
}

/**
 * Routes anyone may call: `anyone.get(url, { summary, querystring, response, handler: (req, reply) => ... })`, as
 * Fastify's `app.get` with the schema and handler in one object, and the group's tags.
 */
export function publicRoutes(app: ZodApp, group: Group = {}) {
  return verbs(
    (method) =>
      <P, Q, B, R>(url: string, { handler, ...route }: Route<P, Q, B, R, Handler<Typed<P, Q, B, R>>>) =>
        add(app, method, url, route, schemaOf(route, group), handler),
  )
}

function userRoutes<U, Answers>(
  app: ZodApp,
  sessions: Sessions<U>,
  schemaFor: (route: RouteSchema & { response: Answers }) => FastifySchema,
) {
  return verbs(
    (method) =>
      <P, Q, B, R extends Answers>(
        url: string,
        { handler, ...route }: Route<P, Q, B, R, UserHandler<U, Typed<P, Q, B, R>>>,
      ) => {
        type S = Typed<P, Q, B, R>
        const withUser = async (req: Request<S>, reply: Reply<S>) =>
          handler(await sessions.requireUser(req), req, reply)
        add(app, method, url, route, schemaFor(route), withUser)
      },
  )
}

/**
 * Routes for signed-in users: `signedIn.get(url, { summary, params, response, handler: (user, req) => ... })`.
 * The schema names the sign-in schemes (the document gives the 401). The handler is given the user: a guest is
 * answered 401 (`requireUser`) once the request is validated, before the handler runs.
 */
export function signedInRoutes<U>(app: ZodApp, sessions: Sessions<U>, group: Group = {}) {
  return userRoutes(app, sessions, (route: RouteSchema) => signedInSchema(schemaOf(route, group)))
}

/**
 * Back-office routes: signed-in routes whose schema also gives 403, for a user without the role the service asks
 * for (the service decides which: managers, moderators or admins; `access` says it in the document).
 */
export function staffRoutes<U>(app: ZodApp, sessions: Sessions<U>, group: Group = {}) {
  return userRoutes(app, sessions, (route: RouteSchema & { response: object }) => staffSchema(schemaOf(route, group)))
}
