import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { type JSONWebKeySet, SignJWT } from 'jose'

/** The buttons the local provider stands in for; each is its own issuer, like the real ones. */
export const LOCAL_PROVIDERS = ['google', 'apple'] as const
export type LocalProvider = (typeof LOCAL_PROVIDERS)[number]

const LOCAL_AUDIENCE = 'tulpar-local'
export const LOCAL_IDP_PATH = '/api/dev/idp'
const TOKEN_TTL_SECONDS = 600

export interface LocalIssuer {
  issuer: string
  audience: string
  jwks: JSONWebKeySet
}

/** The ES256 key: read from `keyFile` (PKCS#8 PEM), or made and written there on first start; null: in memory. */
function loadKey(keyFile: string | null): KeyObject {
  if (keyFile && existsSync(keyFile)) return createPrivateKey(readFileSync(keyFile, 'utf8'))
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  if (keyFile) {
    mkdirSync(dirname(keyFile), { recursive: true })
    writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 })
  }
  return privateKey
}

/**
 * A stand-in for Google's and Apple's sign-in for the embedded demo and tests (LOCAL_ID_PROVIDER): a page
 * where anyone picks a name and email, and identity tokens signed with this server's own key that the
 * identity-token verifier trusts (its issuers are added beside the configured ones). Never on in production:
 * whoever opens the page can be anyone.
 */
export function createLocalIdentityProvider({ publicUrl, keyFile }: { publicUrl: string; keyFile: string | null }) {
  const privateKey = loadKey(keyFile)
  const publicJwk = createPublicKey(privateKey).export({ format: 'jwk' })
  const kid = createHash('sha256').update(JSON.stringify(publicJwk)).digest('base64url').slice(0, 16)
  const jwks: JSONWebKeySet = { keys: [{ ...publicJwk, kid, alg: 'ES256', use: 'sig' }] }
  const issuerOf = (provider: LocalProvider) => `${publicUrl}${LOCAL_IDP_PATH}/${provider}`

  return {
    jwks,
    issuers: LOCAL_PROVIDERS.map((p): LocalIssuer => ({ issuer: issuerOf(p), audience: LOCAL_AUDIENCE, jwks })),
    /** A 10-minute identity token for this person; one email is one subject, so signing in again finds them. */
    async issueToken(provider: LocalProvider, person: { name: string; email: string }): Promise<string> {
      const email = person.email.trim().toLowerCase()
      const sub = createHash('sha256').update(`${provider}:${email}`).digest('hex').slice(0, 24)
      return new SignJWT({ email, email_verified: true, name: person.name.trim() })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer(issuerOf(provider))
        .setAudience(LOCAL_AUDIENCE)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(privateKey)
    },
  }
}
export type LocalIdentityProvider = ReturnType<typeof createLocalIdentityProvider>
