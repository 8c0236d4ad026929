import type { IncomingMessage, ServerResponse } from 'node:http'
import { requestIdOf } from '@tulpar/api'
import type { FastifyReply } from 'fastify'
import { newCspNonce, withNonce } from '../security/kept-page-nonce.server.ts'
import type { Entry } from './page-store.server.ts'

/*
 * Answering from a kept page (page-cache.server.ts for guests, member-pages.server.ts for signed-in visitors): each
 * answer gets a CSP nonce of its own (decision 028), the page's stored headers and its age, on the socket before
 * Fastify (a front door) or through Fastify.
 */

/** One answer of a kept page: its body (none for a HEAD), and its own CSP nonce and policy when the page has one. */
export interface KeptAnswer {
  body: Buffer | undefined
  policy: string | undefined
  nonce: string | null
}

/** One answer's body and policy from a kept page: with a nonce of its own (none when it has none). */
export function answerOf(entry: Entry, head: boolean): KeptAnswer {
  const kept = entry.nonce
  if (!kept) return { body: head ? undefined : entry.body, policy: undefined, nonce: null }
  const nonce = newCspNonce()
  const body = head ? undefined : kept.slots ? withNonce(entry.body, kept.slots, nonce) : entry.body
  return { body, policy: kept.policy[0] + nonce + kept.policy[1], nonce }
}

function ageOf(entry: Entry): string {
  return String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000)))
}

/**
 * A kept page answered on the socket (a front door): its stored headers, then `headers` (a null drops one), its own
 * policy, age, request id, length and `x-cache: HIT`.
 */
export function writeKept(
  request: IncomingMessage,
  response: ServerResponse,
  entry: Entry,
  answer: KeptAnswer,
  headers: Record<string, string | null> = {},
): void {
  response.statusCode = entry.status
  for (const name in entry.headers) response.setHeader(name, entry.headers[name] as string | string[])
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) response.removeHeader(name)
    else response.setHeader(name, value)
  }
  if (answer.policy) response.setHeader('content-security-policy', answer.policy)
  response.setHeader('age', ageOf(entry))
  response.setHeader('x-cache', 'HIT')
  response.setHeader('x-request-id', requestIdOf(request))
  response.setHeader('content-length', answer.body?.length ?? entry.body.length)
  response.end(answer.body)
}

/**
 * A kept page answered through Fastify: its stored headers, then `headers` (a null drops one), its own policy, age
 * and `x-cache`.
 */
export function sendKept(
  reply: FastifyReply,
  entry: Entry,
  answer: KeptAnswer,
  { state = 'HIT', headers = {} }: { state?: 'HIT' | 'MISS'; headers?: Record<string, string | null> } = {},
) {
  reply.code(entry.status)
  for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value)
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) reply.removeHeader(name)
    else reply.header(name, value)
  }
  if (answer.policy) reply.header('content-security-policy', answer.policy)
  reply.header('age', ageOf(entry))
  reply.header('x-cache', state)
  return reply.send(answer.body ?? null)
}

/** A kept page as stored, answered through Fastify (none for a HEAD). */
export function sendEntry(reply: FastifyReply, entry: Entry, head: boolean) {
  return sendKept(reply, entry, answerOf(entry, head))
}
