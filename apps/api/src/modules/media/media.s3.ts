import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { Config } from '../../config.ts'
import { assertValidMediaKey, type MediaStorage, type StoredFile } from './media.storage.ts'

/*
 * Media storage in any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Yandex Object Storage, ...)
 * through the AWS SDK's S3 client: signing, retries with backoff and timeouts are its, not ours.
 */

/** The bucket as the configuration names it (MEDIA_STORAGE=s3, the S3_* keys); the pages' public URL is not the client's. */
export type S3Settings = Omit<Extract<Config['mediaStorage'], { kind: 's3' }>, 'kind' | 'publicUrl'>

/** Network limits of one call; a call that fails is tried again up to `maxAttempts` times in all (SDK backoff). */
const S3_CALL_LIMITS = { connectionTimeoutMs: 3_000, requestTimeoutMs: 15_000, maxAttempts: 3 } as const

function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.pathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: S3_CALL_LIMITS.maxAttempts,
    requestHandler: {
      connectionTimeout: S3_CALL_LIMITS.connectionTimeoutMs,
      requestTimeout: S3_CALL_LIMITS.requestTimeoutMs,
    },
    // S3-compatible stores do not all know the newer CRC checksums: send and check them only where S3 requires.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/** S3-compatible storage (decision 007). `client` is injectable for tests. */
export function createS3Storage(settings: S3Settings, client: S3Client = createS3Client(settings)): MediaStorage {
  const Bucket = settings.bucket

  async function* list(prefix: string): AsyncGenerator<StoredFile> {
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, modifiedAt: item.LastModified ?? new Date(0) }
      }
    }
  }

  return {
    async put(key, data, contentType) {
      assertValidMediaKey(key)
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
    },

    async exists(key) {
      assertValidMediaKey(key)
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (error) {
        if (error instanceof NotFound) return false
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false
        throw error
      }
    },

    async deletePrefix(prefix) {
      assertValidMediaKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
      const keys: string[] = []
      for await (const file of list(prefix)) keys.push(file.key)
      // DeleteObjects takes at most 1000 keys a call.
      for (let i = 0; i < keys.length; i += 1000) {
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Quiet: true, Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) },
          }),
        )
        const failed = answer.Errors ?? []
        if (failed.length > 0) throw new Error(`S3 could not delete ${failed.length} objects under ${prefix}`)
      }
    },

    list(prefix) {
      assertValidMediaKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
      return list(prefix)
    },
  }
}
