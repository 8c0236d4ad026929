/** Sharing's door: the share button (the system's share sheet, else the link copied). */
export { ShareButton } from './share-button.tsx'
