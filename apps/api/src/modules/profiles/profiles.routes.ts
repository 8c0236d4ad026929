import {
  AuthUser,
  CheckUserExistBody,
  Problem,
  Profile,
  ProfileParams,
  RegisterByPhoneBody,
  UpdateProfileBody,
  VerifyPhoneBody,
} from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import {
  type AbuseLimits,
  type Auth,
  OTP_TTL_SECONDS,
  pendingPhoneCookie,
  readPendingPhone,
  type SessionResolver,
  toFetchHeaders,
} from '../identity/index.ts'
import { InvalidPhoneError } from './profiles.errors.ts'
import { MAX_PROFILE_PHOTO_BYTES, type ProfilesService, toAuthUser } from './profiles.service.ts'

export interface ProfilesRoutesDeps {
  profiles: ProfilesService
  auth: Auth
  sessions: SessionResolver
  limits: AbuseLimits
  secret: string
  secureCookies: boolean
}

const Message = z.object({ message: z.string() })
const bearer: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }]

/** better-auth's phone plugin errors as the product's codes (translated by the clients). */
function phoneError(error: unknown): never {
  const code = (error as { body?: { code?: string } }).body?.code
  if (code === 'INVALID_OTP') throw new AppError('phone.code_invalid', 400, 'Invalid code')
  if (code === 'OTP_EXPIRED') throw new AppError('phone.code_expired', 400, 'The code has expired')
  if (code === 'OTP_NOT_FOUND') throw new AppError('phone.no_pending_code', 400, 'Request a code first')
  if (code === 'TOO_MANY_ATTEMPTS') throw new AppError('phone.too_many_attempts', 429, 'Too many attempts')
  if (code === 'INVALID_PHONE_NUMBER') throw new InvalidPhoneError()
  throw error
}

/** The spec's profile calls (section 7), at its paths under /api. */
export const profilesRoutes =
  ({ profiles, auth, sessions, limits, secret, secureCookies }: ProfilesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/profiles/check-is-user-exist/',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Whether an account exists with this email (password reset checks this first)',
          body: CheckUserExistBody,
          response: { 200: z.object({ success: z.boolean() }), 400: Problem, 429: Problem },
        },
      },
      async (req, reply) => {
        await limits.existsCheck(req.ip, reply)
        return { success: await profiles.userExists(req.body.email) }
      },
    )

    app.get(
      '/profiles/me/',
      {
        schema: {
          tags: ['profiles'],
          summary: "The signed-in user's profile, as a list whose first element is the profile",
          security: bearer,
          response: { 200: z.array(Profile), 401: Problem },
        },
      },
      async (req) => profiles.listMyProfiles(await sessions.requireUser(req)),
    )

    app.patch(
      '/profiles/update/:profileId/',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Change your profile: city, phone, fcm_token, name, language, notification preferences',
          security: bearer,
          params: ProfileParams,
          body: UpdateProfileBody,
          response: { 200: Profile, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      async (req) => profiles.updateProfile(await sessions.requireUser(req), req.params.profileId, req.body),
    )

    // Images arrive as the raw request body (PUT with the image's content type): from a browser `fetch(file)`
    // or the app, no multipart needed.
    app.addContentTypeParser(
      /^image\//,
      { parseAs: 'buffer', bodyLimit: MAX_PROFILE_PHOTO_BYTES },
      (_req, body, done) => done(null, body),
    )
    app.put(
      '/profiles/photo/',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Set your profile photo (send the image itself, Content-Type image/jpeg, png, webp or avif)',
          description: `At most ${MAX_PROFILE_PHOTO_BYTES / 1024 / 1024} MB. Orientation is fixed; EXIF and GPS data are removed.`,
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
          security: bearer,
          response: { 200: Profile, 400: Problem, 401: Problem, 413: Problem, 415: Problem },
        },
      },
      async (req) => {
        const u = await sessions.requireUser(req)
        if (!Buffer.isBuffer(req.body) || req.body.length === 0)
          throw new AppError('photo.invalid', 400, 'Send an image')
        return profiles.setPhoto(u, req.body)
      },
    )

    app.delete(
      '/profiles/me/',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Delete your account permanently (personal data erased, listings archived, sessions ended)',
          security: bearer,
          response: { 200: Message, 401: Problem },
        },
      },
      async (req) => {
        await profiles.deleteAccount(await sessions.requireUser(req))
        return { message: 'account deleted' }
      },
    )

    app.get(
      '/auth/users/me/',
      {
        schema: {
          tags: ['profiles'],
          summary: 'The signed-in auth user',
          security: bearer,
          response: { 200: AuthUser, 401: Problem },
        },
      },
      async (req) => toAuthUser(await sessions.requireUser(req)),
    )

    app.post(
      '/profiles/register-by-phone/',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Send a 6-digit SMS code to a Kazakhstan mobile number (step 1 of phone sign-in)',
          description: 'At most 1 code a minute and 5 an hour per number, 20 an hour per IP.',
          body: RegisterByPhoneBody,
          response: { 200: Message, 400: Problem, 429: Problem },
        },
      },
      async (req, reply) => {
        const phone = normaliseKzPhone(req.body.phone)
        if (!phone) throw new InvalidPhoneError()
        await limits.smsSend(phone, req.ip, reply)
        try {
          await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: toFetchHeaders(req.headers) })
        } catch (error) {
          phoneError(error)
        }
        reply.header('set-cookie', pendingPhoneCookie(phone, secret, OTP_TTL_SECONDS, secureCookies))
        return { message: 'code sent' }
      },
    )

    app.post(
      '/profiles/verify-phone/',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Confirm the SMS code (step 2): signs in, creating the account on first use',
          description:
            'Answers the session token, usable as `Authorization: Bearer`; the web also gets the cookie. ' +
            'At most 10 code checks an hour per number (a new code does not reset the count), 30 per 15 minutes per IP.',
          body: VerifyPhoneBody,
          response: { 200: z.object({ message: z.string(), token: z.string() }), 400: Problem, 429: Problem },
        },
      },
      async (req, reply) => {
        const phone = req.body.phone ? normaliseKzPhone(req.body.phone) : readPendingPhone(req.headers.cookie, secret)
        if (!phone) throw new AppError('phone.no_pending_code', 400, 'Request a code first')
        await limits.codeCheck(phone, req.ip, reply)
        let result: Awaited<ReturnType<typeof auth.api.verifyPhoneNumber>>
        let headers: Headers
        try {
          const answer = await auth.api.verifyPhoneNumber({
            body: { phoneNumber: phone, code: req.body.code },
            headers: toFetchHeaders(req.headers),
            returnHeaders: true,
          })
          result = answer.response
          headers = answer.headers
        } catch (error) {
          phoneError(error)
        }
        const token = result?.token
        if (!token) throw new AppError('phone.code_invalid', 400, 'Invalid code')
        await limits.codeAccepted(phone)
        const cookies = headers.getSetCookie()
        if (cookies.length > 0) reply.header('set-cookie', cookies)
        return { message: 'signed in', token }
      },
    )
  }
