import type { Config } from '../../config.ts'
import { createS3Storage } from './media.s3.ts'
import { createLocalDiskStorage, type MediaStorage } from './media.storage.ts'

/** The storage the settings name: the local media folder by default, an S3-compatible bucket with MEDIA_STORAGE=s3. */
export function createMediaStorage(config: Pick<Config, 'mediaDir' | 'mediaStorage'>): MediaStorage {
  const s = config.mediaStorage
  if (s.kind === 's3') return createS3Storage(s)
  return createLocalDiskStorage(config.mediaDir)
}
