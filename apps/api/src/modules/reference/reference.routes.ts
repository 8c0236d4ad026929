import {
  BrandParams,
  BrandRef,
  FormGeneration,
  FormModel,
  FormModification,
  FormVocabularies,
  GenerationsQuery,
  LangQuery,
  ModelParams,
  Problem,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { publicRoutes } from '../../plugins/route-schema.ts'
import type { ReferenceService } from './reference.service.ts'

/** The car catalogue tree and vocabularies the listing form chooses from (each list depends on the one before). */
export const referenceRoutes =
  ({ reference }: { reference: ReferenceService }): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = publicRoutes(app, { tags: ['reference'] })
    anyone.get('/reference/brands/', {
      summary: 'Car brands, most common first',
      response: { 200: z.array(BrandRef) },
      handler: () => reference.listBrands(),
    })
    anyone.get('/reference/brands/:brandId/models/', {
      summary: 'Models of a brand with their production years and body types',
      params: BrandParams,
      response: { 200: z.array(FormModel), 400: Problem },
      handler: (req) => reference.listFormModels(req.params.brandId),
    })
    anyone.get('/reference/models/:modelId/generations/', {
      summary: 'Generations of a model; with `year`, only those produced that year',
      params: ModelParams,
      querystring: GenerationsQuery,
      response: { 200: z.array(FormGeneration), 400: Problem },
      handler: (req) => reference.listGenerations(req.params.modelId, req.query.year),
    })
    anyone.get('/reference/models/:modelId/modifications/', {
      summary: 'Engine modifications of a model (engine type, volume in litres, power, gearboxes, drives)',
      params: ModelParams,
      response: { 200: z.array(FormModification), 400: Problem },
      handler: (req) => reference.listModifications(req.params.modelId),
    })
    anyone.get('/reference/vocabularies/', {
      summary: 'Body types, engine types, colours and grouped options, names in the request language',
      querystring: LangQuery,
      response: { 200: FormVocabularies },
      handler: (req) => reference.formVocabularies(pickLocale(req.query.lang, req.headers['accept-language'])),
    })
  }
