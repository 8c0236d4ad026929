export { profilesRoutes } from './profiles.routes.ts'
export { createAccountProfiles, createProfilesService, type ProfilesService } from './profiles.service.ts'
