import { BODY_TYPES, type BodyType } from '@tulpar/contracts'
import sharp from 'sharp'
import { CARS, GROUND_Y } from './illustrations.cars.ts'
import { carSvg } from './illustrations.draw.ts'
import { normaliseHex, vertices } from './illustrations.geometry.ts'
import { sceneSvg } from './illustrations.scenes.ts'

/**
 * Demo listings carry honest flat-vector drawings instead of photos pretending to be real cars: a side view of
 * the body type in the car's colour on one of three backgrounds, with no text and no mark of its own: the
 * pages label it "illustration" in the reader's language (a pencil pictogram drawn in the corner used to read
 * as an edit button).
 */

export type IllustrationScene = 0 | 1 | 2
const ILLUSTRATION_SCENES: readonly IllustrationScene[] = [0, 1, 2]
export const ILLUSTRATION_SIZE = { width: 1600, height: 1200 } as const

function assertInputs(bodyType: BodyType, colourHex: string, scene: IllustrationScene): string {
  if (!BODY_TYPES.includes(bodyType)) throw new Error(`Unknown body type: ${JSON.stringify(bodyType)}`)
  if (!ILLUSTRATION_SCENES.includes(scene)) throw new Error(`Unknown scene: ${JSON.stringify(scene)}`)
  return `#${normaliseHex(colourHex)}`
}

export function illustrationSvg(bodyType: BodyType, colourHex: string, scene: IllustrationScene): string {
  const paint = assertInputs(bodyType, colourHex, scene)
  const xs = vertices(CARS[bodyType].body).map((p) => p.x)
  const left = Math.min(...xs)
  const right = Math.max(...xs)
  const [rearX, frontX, radius] = CARS[bodyType].wheels
  const contact = (x: number) =>
    `<ellipse cx="${x}" cy="${GROUND_Y}" rx="${radius * 0.95}" ry="12" fill="#000000" opacity="0.35"/>`
  const { width, height } = ILLUSTRATION_SIZE
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
<stop offset="0" stop-color="#000000" stop-opacity="0.34"/><stop offset="0.7" stop-color="#000000" stop-opacity="0.16"/>
<stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient></defs>
${sceneSvg(scene)}
<ellipse cx="${(left + right) / 2}" cy="${GROUND_Y + 4}" rx="${(right - left) / 2 + 60}" ry="40" fill="url(#shadow)"/>
${contact(rearX)}${contact(frontX)}
${carSvg(bodyType, paint)}
</svg>`
}

/** Renders the drawing to a 1600x1200 PNG (fast zlib level: it is an intermediate for processPhoto). */
export async function renderIllustration(
  bodyType: BodyType,
  colourHex: string,
  scene: IllustrationScene,
): Promise<Buffer> {
  const svg = illustrationSvg(bodyType, colourHex, scene)
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 1 }).toBuffer()
}

/** Storage key of an illustration's variants, e.g. `illustrations/sedan-ffffff-0`. */
export function illustrationKey(bodyType: BodyType, colourHex: string, scene: IllustrationScene): string {
  assertInputs(bodyType, colourHex, scene)
  return `illustrations/${bodyType}-${normaliseHex(colourHex)}-${scene}`
}
