export { profilesRoutes } from './profiles.routes.ts'
export { createAccountProfiles, createProfilesService } from './profiles.service.ts'
