export { referenceRoutes } from './reference.routes.ts'
export {
  createReferenceService,
  generationCovers,
  localName,
  type ReferenceService,
} from './reference.service.ts'
