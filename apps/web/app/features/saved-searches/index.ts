/** Saved searches' door: the 'Save this search' control of the catalogue. */
export { SaveSearch } from './save-search.tsx'
