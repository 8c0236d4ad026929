import multipart from '@fastify/multipart'
import {
  ChangePriceBody,
  ConfirmContactPhoneBody,
  ContactPhoneCodeSent,
  LangQuery,
  ListingPreview,
  MAX_LISTING_PHOTOS,
  MAX_PHOTO_BYTES,
  MyListings,
  Problem,
  ReorderPhotosBody,
  SaveStepBody,
  SELLING_DOCS,
  SellerListing,
  SellerListingParams,
  SellerPhotoParams,
  SellingActionResult,
  SendContactPhoneCodeBody,
} from '@tulpar/contracts'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pickLocale } from '../../lib/locale.ts'
import { signedInSchema } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { ListingsService } from '../listings/index.ts'
import type { ProcessedPhoto } from '../media/index.ts'
import { NoPhotoSentError, PhotoTooLargeError, TooManyPhotosError } from './selling.errors.ts'
import type { SellingService } from './selling.service.ts'

const errors = { 400: Problem, 401: Problem, 404: Problem, 409: Problem }

/** A rate-limit refusal tells the client when to try again. */
function withRetryAfter(error: unknown, reply: FastifyReply): unknown {
  if (error instanceof Error && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
    reply.header('retry-after', String(error.retryAfterSeconds))
  return error
}

/** The seller's side: drafts step by step, photos, publishing to moderation and "my listings". */
export const sellingRoutes =
  ({
    selling,
    sessions,
    listings,
  }: {
    selling: SellingService
    sessions: SessionResolver
    listings: ListingsService
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to these routes: busboy streams the parts, so a file over the limit is cut off, not buffered.
    await app.register(multipart, {
      limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_LISTING_PHOTOS, fields: 5, fieldSize: 1024, parts: 30 },
    })

    app.post(
      '/listings/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'Start a new listing as a draft (contact phone and city taken from the profile)',
          response: { 201: SellerListing, 409: Problem },
        }),
      },
      async (req, reply) => reply.status(201).send(await selling.createDraft(await sessions.requireUser(req))),
    )

    app.get(
      '/listings/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'My listings in every status (draft, moderation, published, rejected with reason, sold, archived)',
          response: { 200: MyListings },
        }),
      },
      async (req) => selling.listMyListings(await sessions.requireUser(req)),
    )

    app.get(
      '/listings/:id/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'A listing as its owner edits it, drafts included (owner, moderators and admins; others get 404)',
          params: SellerListingParams,
          response: { 200: SellerListing, ...errors },
        }),
      },
      async (req) => selling.getSellerListing(await sessions.requireUser(req), req.params.id),
    )

    app.get(
      '/listings/:id/preview/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'A listing as buyers will see its page, before it is public (owner, moderators and admins)',
          description:
            'Under review, returned by a moderator (with the reason) or a draft whose required fields are all filled ' +
            'in; published and sold ones too. Others and removed listings get 404; a draft still missing a required ' +
            'field 409 `listing.incomplete`.',
          params: SellerListingParams,
          querystring: LangQuery,
          response: { 200: ListingPreview, ...errors },
        }),
      },
      async (req) => {
        const user = await sessions.requireUser(req)
        return listings.previewListing(user, req.params.id, pickLocale(req.query.lang, req.headers['accept-language']))
      },
    )

    app.patch(
      '/listings/:id/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'Save one step of the listing form (`step` names it); each step is checked against the earlier ones',
          description: `Field errors come back as 400 problem+json with \`errors[]\` (codes: required, phone, vin, not_in_list, year_range, too_small, too_large, too_long, new_mileage, locked, not_confirmed: a listing under review or published may switch its contact phone only to a number its owner confirmed). ${SELLING_DOCS.material} ${SELLING_DOCS.mileage}`,
          params: SellerListingParams,
          body: SaveStepBody,
          response: { 200: SellerListing, ...errors },
        }),
      },
      async (req) => selling.saveStep(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.post(
      '/listings/:id/photos/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'Upload photos (multipart, parts named `photos`)',
          description: SELLING_DOCS.photos,
          consumes: ['multipart/form-data'],
          params: SellerListingParams,
          response: { 200: SellerListing, ...errors, 413: Problem, 415: Problem },
        }),
      },
      async (req) => {
        const u = await sessions.requireUser(req)
        const room = await selling.photoRoomLeft(u, req.params.id)
        if (!req.isMultipart()) throw new NoPhotoSentError()
        const prepared: ProcessedPhoto[] = []
        try {
          for await (const part of req.files()) {
            if (part.fieldname !== 'photos') {
              part.file.resume()
              continue
            }
            // Refused before the expensive decoding once the batch cannot fit.
            if (prepared.length >= room) throw new TooManyPhotosError()
            // One at a time: only the encoded variants stay in memory, never 20 originals.
            prepared.push(await selling.preparePhoto(await part.toBuffer()))
          }
        } catch (error) {
          if (error instanceof app.multipartErrors.RequestFileTooLargeError)
            throw new PhotoTooLargeError(MAX_PHOTO_BYTES)
          if (error instanceof app.multipartErrors.FilesLimitError) throw new TooManyPhotosError()
          throw error
        }
        if (prepared.length === 0) throw new NoPhotoSentError()
        req.log.info({ listingId: req.params.id, photos: prepared.length }, 'listing photos uploaded')
        return selling.attachPhotos(u, req.params.id, prepared)
      },
    )

    app.put(
      '/listings/:id/photos/order/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'Reorder the photos (all ids, new order); the first is the cover',
          params: SellerListingParams,
          body: ReorderPhotosBody,
          response: { 200: SellerListing, ...errors },
        }),
      },
      async (req) => selling.reorderPhotos(await sessions.requireUser(req), req.params.id, req.body.photoIds),
    )

    app.post(
      '/listings/:id/photos/:photoId/cover/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'Make a photo the cover (moved to the front)',
          params: SellerPhotoParams,
          response: { 200: SellerListing, ...errors },
        }),
      },
      async (req) => selling.setCover(await sessions.requireUser(req), req.params.id, req.params.photoId),
    )

    app.delete(
      '/listings/:id/photos/:photoId/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'Delete a photo and its files',
          params: SellerPhotoParams,
          response: { 200: SellerListing, ...errors },
        }),
      },
      async (req) => selling.deletePhoto(await sessions.requireUser(req), req.params.id, req.params.photoId),
    )

    app.post(
      '/listings/:id/publish/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary:
            "Send a complete draft (or a rejected listing) to moderation: 'Your listing has been sent for moderation.'",
          description:
            'Every step is checked again; 400 lists every missing or invalid field (and `body.photos` without a photo). ' +
            '409 `selling.phone_not_confirmed` while the owner has not confirmed the contact phone by SMS code (see `contact-phone/code/`).',
          params: SellerListingParams,
          response: { 200: SellingActionResult, ...errors },
        }),
      },
      async (req) => selling.publish(await sessions.requireUser(req), req.params.id),
    )

    app.post(
      '/listings/:id/contact-phone/code/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary:
            "Send an SMS code to the listing's contact phone (or `phone`, a new one), to confirm it (owner only)",
          description:
            'A listing is sent to moderation, and a listing under review or published changes its contact phone, only with a number its owner confirmed. The same limits as every SMS code: 1 a minute and 5 an hour per number, 20 an hour per client address (429 with Retry-After). 409 `selling.no_contact_phone` when the listing has none yet.',
          params: SellerListingParams,
          body: SendContactPhoneCodeBody.nullish(),
          response: { 200: ContactPhoneCodeSent, 409: Problem, 429: Problem },
        }),
      },
      async (req, reply) => {
        try {
          const u = await sessions.requireUser(req)
          const { phone } = await selling.sendContactPhoneCode(u, req.params.id, { ip: req.ip }, req.body?.phone)
          return { message: 'code sent', phone }
        } catch (error) {
          throw withRetryAfter(error, reply)
        }
      },
    )

    app.post(
      '/listings/:id/contact-phone/confirm/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: "Confirm the listing's contact phone with the SMS code (owner only); the listing is answered",
          description:
            "Wrong codes answer 400 `phone.code_invalid`; a code allows 5 guesses (then 429 `phone.too_many_attempts`) and every check counts against the number's hourly cap, which a new code does not reset.",
          params: SellerListingParams,
          body: ConfirmContactPhoneBody,
          response: { 200: SellerListing, ...errors, 429: Problem },
        }),
      },
      async (req, reply) => {
        try {
          const u = await sessions.requireUser(req)
          return await selling.confirmContactPhone(u, req.params.id, req.body.code, { ip: req.ip }, req.body.phone)
        } catch (error) {
          throw withRetryAfter(error, reply)
        }
      },
    )

    app.post(
      '/listings/:id/price/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'Change the price (kept in the price history)',
          description: SELLING_DOCS.material,
          params: SellerListingParams,
          body: ChangePriceBody,
          response: { 200: SellerListing, ...errors },
        }),
      },
      async (req) => selling.changePrice(await sessions.requireUser(req), req.params.id, req.body.priceKzt),
    )

    app.post(
      '/listings/:id/sold/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: 'Mark a published listing as sold',
          params: SellerListingParams,
          response: { 200: SellingActionResult, ...errors },
        }),
      },
      async (req) => selling.markSold(await sessions.requireUser(req), req.params.id),
    )

    app.delete(
      '/listings/:id/',
      {
        schema: signedInSchema({
          tags: ['selling'],
          summary: "Delete a listing with its photos and files ('car deleted')",
          params: SellerListingParams,
          response: { 200: SellingActionResult, ...errors },
        }),
      },
      async (req) => selling.deleteListing(await sessions.requireUser(req), req.params.id),
    )
  }
