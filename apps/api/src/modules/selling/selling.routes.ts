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
import { signedInRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { ListingsService } from '../listings/index.ts'
import type { ProcessedPhoto } from '../media/index.ts'
import { NoPhotoSentError, PhotoTooLargeError, TooManyPhotosError } from './selling.errors.ts'
import type { SellingService } from './selling.service.ts'

const errors = { 400: Problem, 401: Problem, 404: Problem, 409: Problem }
/** A change to one of my listings, answered with the listing as its owner edits it. */
const ON_LISTING = { params: SellerListingParams, response: { 200: SellerListing, ...errors } }
/** A step in my listing's life (to moderation, sold, deleted), answered with what became of it. */
const LISTING_STEP = { params: SellerListingParams, response: { 200: SellingActionResult, ...errors } }
/** A change to one photo of my listing, answered with the listing. */
const ON_PHOTO = { params: SellerPhotoParams, response: { 200: SellerListing, ...errors } }

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

    const signedIn = signedInRoutes(app, sessions, { tags: ['selling'] })

    signedIn.post('/listings/', {
      summary: 'Start a new listing as a draft (contact phone and city taken from the profile)',
      response: { 201: SellerListing, 409: Problem },
      handler: async (user, _req, reply) => reply.status(201).send(await selling.createDraft(user)),
    })

    signedIn.get('/listings/', {
      summary: 'My listings in every status (draft, moderation, published, rejected with reason, sold, archived)',
      response: { 200: MyListings },
      handler: (user) => selling.listMyListings(user),
    })

    signedIn.get('/listings/:id/', {
      ...ON_LISTING,
      summary: 'A listing as its owner edits it, drafts included (owner, moderators and admins; others get 404)',
      handler: (user, req) => selling.getSellerListing(user, req.params.id),
    })

    signedIn.get('/listings/:id/preview/', {
      summary: 'A listing as buyers will see its page, before it is public (owner, moderators and admins)',
      description:
        'Under review, returned by a moderator (with the reason) or a draft whose required fields are all filled ' +
        'in; published and sold ones too. Others and removed listings get 404; a draft still missing a required ' +
        'field 409 `listing.incomplete`.',
      params: SellerListingParams,
      querystring: LangQuery,
      response: { 200: ListingPreview, ...errors },
      handler: (user, req) =>
        listings.previewListing(user, req.params.id, pickLocale(req.query.lang, req.headers['accept-language'])),
    })

    signedIn.patch('/listings/:id/', {
      ...ON_LISTING,
      summary: 'Save one step of the listing form (`step` names it); each step is checked against the earlier ones',
      description: `Field errors come back as 400 problem+json with \`errors[]\` (codes: required, phone, vin, not_in_list, year_range, too_small, too_large, too_long, new_mileage, locked, not_confirmed: a listing under review or published may switch its contact phone only to a number its owner confirmed). ${SELLING_DOCS.material} ${SELLING_DOCS.mileage}`,
      body: SaveStepBody,
      handler: (user, req) => selling.saveStep(user, req.params.id, req.body),
    })

    signedIn.post('/listings/:id/photos/', {
      summary: 'Upload photos (multipart, parts named `photos`)',
      description: SELLING_DOCS.photos,
      consumes: ['multipart/form-data'],
      params: SellerListingParams,
      response: { 200: SellerListing, ...errors, 413: Problem, 415: Problem },
      handler: async (user, req) => {
        const room = await selling.photoRoomLeft(user, req.params.id)
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
        return selling.attachPhotos(user, req.params.id, prepared)
      },
    })

    signedIn.put('/listings/:id/photos/order/', {
      ...ON_LISTING,
      summary: 'Reorder the photos (all ids, new order); the first is the cover',
      body: ReorderPhotosBody,
      handler: (user, req) => selling.reorderPhotos(user, req.params.id, req.body.photoIds),
    })

    signedIn.post('/listings/:id/photos/:photoId/cover/', {
      ...ON_PHOTO,
      summary: 'Make a photo the cover (moved to the front)',
      handler: (user, req) => selling.setCover(user, req.params.id, req.params.photoId),
    })

    signedIn.delete('/listings/:id/photos/:photoId/', {
      ...ON_PHOTO,
      summary: 'Delete a photo and its files',
      handler: (user, req) => selling.deletePhoto(user, req.params.id, req.params.photoId),
    })

    signedIn.post('/listings/:id/publish/', {
      ...LISTING_STEP,
      summary:
        "Send a complete draft (or a rejected listing) to moderation: 'Your listing has been sent for moderation.'",
      description:
        'Every step is checked again; 400 lists every missing or invalid field (and `body.photos` without a photo). ' +
        '409 `selling.phone_not_confirmed` while the owner has not confirmed the contact phone by SMS code (see `contact-phone/code/`).',
      handler: (user, req) => selling.publish(user, req.params.id),
    })

    signedIn.post('/listings/:id/contact-phone/code/', {
      summary: "Send an SMS code to the listing's contact phone (or `phone`, a new one), to confirm it (owner only)",
      description:
        'A listing is sent to moderation, and a listing under review or published changes its contact phone, only with a number its owner confirmed. The same limits as every SMS code: 1 a minute and 5 an hour per number, 20 an hour per client address (429 with Retry-After). 409 `selling.no_contact_phone` when the listing has none yet.',
      params: SellerListingParams,
      body: SendContactPhoneCodeBody.nullish(),
      response: { 200: ContactPhoneCodeSent, 409: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        try {
          const { phone } = await selling.sendContactPhoneCode(user, req.params.id, { ip: req.ip }, req.body?.phone)
          return { message: 'code sent', phone }
        } catch (error) {
          throw withRetryAfter(error, reply)
        }
      },
    })

    signedIn.post('/listings/:id/contact-phone/confirm/', {
      summary: "Confirm the listing's contact phone with the SMS code (owner only); the listing is answered",
      description:
        "Wrong codes answer 400 `phone.code_invalid`; a code allows 5 guesses (then 429 `phone.too_many_attempts`) and every check counts against the number's hourly cap, which a new code does not reset.",
      params: SellerListingParams,
      body: ConfirmContactPhoneBody,
      response: { 200: SellerListing, ...errors, 429: Problem },
      handler: async (user, req, reply) => {
        try {
          return await selling.confirmContactPhone(user, req.params.id, req.body.code, { ip: req.ip }, req.body.phone)
        } catch (error) {
          throw withRetryAfter(error, reply)
        }
      },
    })

    signedIn.post('/listings/:id/price/', {
      ...ON_LISTING,
      summary: 'Change the price (kept in the price history)',
      description: SELLING_DOCS.material,
      body: ChangePriceBody,
      handler: (user, req) => selling.changePrice(user, req.params.id, req.body.priceKzt),
    })

    signedIn.post('/listings/:id/sold/', {
      ...LISTING_STEP,
      summary: 'Mark a published listing as sold',
      handler: (user, req) => selling.markSold(user, req.params.id),
    })

    signedIn.delete('/listings/:id/', {
      ...LISTING_STEP,
      summary: "Delete a listing with its photos and files ('car deleted')",
      handler: (user, req) => selling.deleteListing(user, req.params.id),
    })
  }
