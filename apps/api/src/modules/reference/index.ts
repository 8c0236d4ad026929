export { referenceRoutes } from './reference.routes.ts'
export {
  createReferenceService,
  generationCovers,
  localName,
  type ReferenceService,
  toFormModel,
  toFormModification,
} from './reference.service.ts'
