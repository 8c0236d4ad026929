/** Recently viewed cars' door: remembering the car being looked at. */
export { rememberViewed } from './recently-viewed.ts'
