export { createReferenceService, localName, type ReferenceService } from './reference.service.ts'
