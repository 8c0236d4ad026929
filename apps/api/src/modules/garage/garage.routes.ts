import {
  AddGarageCarBody,
  AddGarageCarFromListingBody,
  GARAGE_LIMIT,
  GarageCandidates,
  GarageCar,
  GarageCarParams,
  GarageList,
  GarageSellResult,
  MessageResponse,
  Problem,
  UpdateGarageCarBody,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { signedInRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import { GARAGE_WRITES, type GarageService } from './garage.service.ts'

const writes = `At most ${GARAGE_WRITES.limit} changes an hour per user (429 with Retry-After).`

/** The garage: the signed-in user's own cars. Another user's car is 404 for every call. */
export const garageRoutes =
  ({ garage, sessions }: { garage: GarageService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = signedInRoutes(app, sessions, { tags: ['garage'] })

    signedIn.get('/garage/', {
      summary: 'My garage, newest first: each car with its market value and trend, tax a year and status',
      description:
        'Cars not sold are valued when first asked for on a day (Kazakhstan time), at most once a day each; ' +
        '`value.estimate` is null with fewer comparable listings than `value.minComparables`.',
      response: { 200: GarageList },
      handler: (user) => garage.listGarage(user),
    })

    signedIn.get('/garage/candidates/', {
      summary: 'My listings that can be added to the garage with one click',
      response: { 200: GarageCandidates },
      handler: (user) => garage.listCandidates(user),
    })

    signedIn.get('/garage/:id/', {
      summary: 'One car of my garage',
      params: GarageCarParams,
      response: { 200: GarageCar },
      handler: (user, req) => garage.getGarageCar(user, req.params.id),
    })

    signedIn.post('/garage/', {
      summary: 'Add a car to my garage by hand',
      description:
        `The model must be the brand's and made in that year (400 \`not_in_list\`, \`year_range\`); the VIN ` +
        `is checked like the listing form's (400 \`vin\`). At most ${GARAGE_LIMIT} cars (409 \`garage.limit\`). ${writes}`,
      bodyLimit: 4 * 1024,
      body: AddGarageCarBody,
      response: { 201: GarageCar, 409: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const car = await withRetryAfter(reply, () => garage.addCar(user, req.body))
        return reply.status(201).send(car)
      },
    })

    signedIn.post('/garage/from-listing/', {
      summary: 'Add one of my listings to my garage (its status then follows the listing)',
      description:
        'Idempotent: a listing already in the garage answers that car with 200 (201 when added). Someone ' +
        "else's listing is 404; one without brand, model, year or mileage yet is 409 " +
        `\`garage.listing_incomplete\`. ${writes}`,
      bodyLimit: 1024,
      body: AddGarageCarFromListingBody,
      response: { 200: GarageCar, 201: GarageCar, 404: Problem, 409: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const { car, created } = await withRetryAfter(reply, () => garage.addCarFromListing(user, req.body.listingId))
        return reply.status(created ? 201 : 200).send(car)
      },
    })

    signedIn.patch('/garage/:id/', {
      summary: 'Change the mileage, VIN, steering, customs, engine or status of a car in my garage',
      description:
        'A new mileage, steering or customs status values the car again for today. `status` (owned, sold) ' +
        `only while no listing decides it (409 \`garage.status_follows_listing\`). ${writes}`,
      bodyLimit: 4 * 1024,
      params: GarageCarParams,
      body: UpdateGarageCarBody,
      response: { 200: GarageCar, 409: Problem, 429: Problem },
      handler: (user, req, reply) => withRetryAfter(reply, () => garage.updateCar(user, req.params.id, req.body)),
    })

    signedIn.delete('/garage/:id/', {
      summary: 'Remove a car and its value history from my garage (its listing stays)',
      params: GarageCarParams,
      response: { 200: MessageResponse, 429: Problem },
      handler: async (user, req, reply) => {
        await withRetryAfter(reply, () => garage.removeCar(user, req.params.id))
        return { message: 'deleted' }
      },
    })

    signedIn.post('/garage/:id/sell/', {
      summary: '"Sell this car": a listing draft filled in from the car (or its listing already under way)',
      description:
        'Brand, model, year, mileage, VIN, steering, customs and engine are filled in as far as they fit the ' +
        'reference data; contact phone and city come from the profile. 201 with a new draft, 200 with the ' +
        'listing already under way. 409 `garage.sold` for a sold car, `listing.too_many_drafts` at the draft ' +
        `limit. ${writes}`,
      bodyLimit: 1024,
      params: GarageCarParams,
      response: { 200: GarageSellResult, 201: GarageSellResult, 409: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const result = await withRetryAfter(reply, () => garage.sellCar(user, req.params.id))
        return reply.status(result.created ? 201 : 200).send(result)
      },
    })
  }
