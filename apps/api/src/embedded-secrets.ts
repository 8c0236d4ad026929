import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'

export interface EmbeddedSecrets {
  authSecret: string
  /** The demo's Web Push key pair (browsers subscribe with the public key). */
  vapid: { publicKey: string; privateKey: string }
}

const VapidKeys = z.object({ publicKey: z.string().min(40), privateKey: z.string().min(20) })

/** Reads the embedded demo's secrets from `data/secrets.json`, creating them on first start. */
export function embeddedSecrets(dataDir: string): EmbeddedSecrets {
  const file = join(dataDir, 'secrets.json')
  if (existsSync(file)) {
    const stored = z
      .object({ authSecret: z.string().min(32), vapid: VapidKeys.optional() })
      .safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (stored.success && stored.data.vapid) return { authSecret: stored.data.authSecret, vapid: stored.data.vapid }
    // Written before the demo had push: keep the secret, add the keys.
    if (stored.success)
      return writeSecrets(file, { authSecret: stored.data.authSecret, vapid: webpush.generateVAPIDKeys() })
  }
  return writeSecrets(file, { authSecret: randomBytes(32).toString('base64url'), vapid: webpush.generateVAPIDKeys() })
}

function writeSecrets(file: string, secrets: EmbeddedSecrets): EmbeddedSecrets {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}
