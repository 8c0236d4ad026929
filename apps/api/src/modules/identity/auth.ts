import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, bearer, phoneNumber } from 'better-auth/plugins'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { Mailer, SmsGateway } from '../delivery/index.ts'
import { createProfileFor, findProfileByUserId } from '../profiles/profiles.repository.ts'
import { account, session, user, verification } from './identity.tables.ts'
import { resetPasswordEmail, smsCodeText } from './messages.ts'
import { normaliseKzPhone, phoneAccountEmail } from './phone.ts'

export interface AuthDeps {
  db: Db
  config: Pick<Config, 'publicUrl' | 'authSecret' | 'googleClientId' | 'appleClientId'>
  mailer: Mailer
  sms: SmsGateway
}

export const MIN_PASSWORD_LENGTH = 6
export const OTP_TTL_SECONDS = 300
export const OTP_ATTEMPTS = 5

/**
 * better-auth on our tables: email and password (spec: at least 6 characters, reset by email), phone with an
 * SMS code (an account is created on first verification), bearer tokens for the hybrid app and API clients,
 * and roles (user, moderator, admin) through the admin plugin.
 */
export function createAuth({ db, config, mailer, sms }: AuthDeps) {
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
        const profile = await findProfileByUserId(db, u.id)
        await mailer.send({ to: u.email, ...resetPasswordEmail(profile?.language ?? 'ru', url) })
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our own limits (lib/rate-limit.ts) guard the spec's calls; better-auth's memory limiter is per process.
    rateLimit: { enabled: false },
    advanced: { cookiePrefix: 'tulpar' },
    plugins: [
      bearer(),
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
    databaseHooks: {
      user: {
        create: {
          // Every account has a product profile (spec: GET /profiles/me/ lists it).
          after: async (created) => {
            await createProfileFor(db, created)
          },
        },
      },
    },
  })
}
export type Auth = ReturnType<typeof createAuth>
