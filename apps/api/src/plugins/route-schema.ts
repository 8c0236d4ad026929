import { Problem } from '@tulpar/contracts'
import type { FastifySchema } from 'fastify'

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
