export { createPhonesService, type PhonesService } from './phones.service.ts'
