export { createPhonesService, type PhonesService } from './phones.service.ts'
export { confirmedPhones, phoneConfirmationCodes } from './phones.tables.ts'
