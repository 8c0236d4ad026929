import type { Locale } from '@tulpar/contracts'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createAuthMiddleware } from 'better-auth/api'
import { admin, bearer, phoneNumber } from 'better-auth/plugins'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { Mailer, SmsGateway } from '../delivery/index.ts'
import { createIdTokenVerifier, type TrustedIssuer } from './id-token.ts'
import { idTokenSignIn } from './id-token-sign-in.ts'
import { account, session, user, verification } from './identity.tables.ts'
import { resetPasswordEmail, smsCodeText } from './messages.ts'
import { normaliseKzPhone, phoneAccountEmail } from './phone.ts'
import { explainSignInFailure } from './sign-in-failure.ts'
import { tokenSignIn } from './token-sign-in.ts'

/**
 * What signing in needs of the product's profiles. Identity never calls into profiles: services.ts passes this in
 * (profiles' createAccountProfiles).
 */
export interface AccountProfiles {
  /** Makes a new account's profile (every account has one: GET /profiles/me/ lists it). */
  create(user: { id: string; email: string; name: string; phoneNumber?: unknown }): Promise<void>
  /** The language of the account's profile, for the emails it is sent; null without a profile. */
  languageOf(userId: string): Promise<Locale | null>
}

export interface AuthDeps {
  db: Db
  config: Pick<Config, 'publicUrl' | 'authSecret'> & { trustedIdTokenIssuers: TrustedIssuer[] }
  mailer: Mailer
  sms: SmsGateway
  profiles: AccountProfiles
}

export const MIN_PASSWORD_LENGTH = 6
export const OTP_TTL_SECONDS = 300
export const OTP_ATTEMPTS = 5

/**
 * better-auth on our tables: email and password (spec: at least 6 characters, reset by email), phone with an
 * SMS code (an account is created on first verification), bearer tokens for the hybrid app and API clients,
 * roles (user, manager, moderator, admin) through the admin plugin, and the web's Google and Apple sign-in with an
 * identity token from a trusted issuer (id-token-sign-in.ts).
 */
export function createAuth({ db, config, mailer, sms, profiles }: AuthDeps) {
  return betterAuth({
    appName: 'Tulpar Auto',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url }) => {
        const language = await profiles.languageOf(u.id)
        await mailer.send({ to: u.email, ...resetPasswordEmail(language ?? 'ru', url) })
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our own limits (lib/rate-limit.ts) guard the spec's calls; better-auth's memory limiter is per process.
    rateLimit: { enabled: false },
    // better-auth turns its origin (CSRF) check off when NODE_ENV=test; keep it on so the tests run what production runs.
    advanced: { cookiePrefix: 'tulpar', disableOriginCheck: false },
    plugins: [
      bearer(),
      idTokenSignIn(createIdTokenVerifier({ db, issuers: config.trustedIdTokenIssuers })),
      tokenSignIn(),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      phoneNumber({
        otpLength: 6,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_ATTEMPTS,
        phoneNumberValidator: (phone) => normaliseKzPhone(phone) === phone,
        sendOTP: async ({ phoneNumber: to, code }) => {
          await sms.send({ to, text: smsCodeText(code) })
        },
        signUpOnVerification: { getTempEmail: phoneAccountEmail, getTempName: (phone) => phone },
      }),
    ],
    hooks: {
      // The issue: a password change ends every session. better-auth leaves that to the caller
      // (revokeOtherSessions); here it is always on, so the device that changed it gets a new session and
      // every other one (a stolen cookie or token) ends, whatever the client sends.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password' || typeof ctx.body !== 'object' || ctx.body === null) return
        return { context: { body: { ...ctx.body, revokeOtherSessions: true } } }
      }),
      // A refused sign-in says why, in the spec's terms: unknown email, no password, or a wrong one.
      after: explainSignInFailure,
    },
    databaseHooks: {
      user: {
        create: {
          // Every account has a product profile (spec: GET /profiles/me/ lists it).
          after: async (created) => {
            await profiles.create(created)
          },
        },
      },
    },
  })
}
export type Auth = ReturnType<typeof createAuth>
