import type { FastifyInstance } from 'fastify'

/** Account helpers for integration tests: real sign-up and sign-in through better-auth, bearer headers. */
let n = 0
export const uniqueEmail = () => `buyer${++n}-${Date.now()}-${process.pid}@example.kz`
let phoneN = 1000000
export const uniquePhone = () => `+7701${String(++phoneN).slice(-7)}`

export function accountHelpers(app: () => FastifyInstance) {
  async function signUp(email = uniqueEmail(), password = 'secret12', name = 'Айдос Нурланов') {
    const res = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password, name },
    })
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
    const token = String(res.headers['set-auth-token'])
    return { email, password, token, auth: { authorization: `Bearer ${token}` }, id: res.json().user.id as string }
  }
  const signIn = (email: string, password: string) =>
    app().inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } })
  /** A session signed in with the cookie, as the web's is (a second device of the account): its Cookie header. */
  async function cookieSession(email: string, password: string): Promise<string> {
    const res = await signIn(email, password)
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
    return ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ')
  }
  async function myProfile(auth: Record<string, string>) {
    const res = await app().inject({ url: '/api/profiles/me/', headers: auth })
    if (res.statusCode !== 200) throw new Error(`profiles/me failed: ${res.statusCode} ${res.body}`)
    return res.json()[0]
  }
  return { signUp, signIn, cookieSession, myProfile }
}
