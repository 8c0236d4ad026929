/*
 * Draws every icon and splash of the app and the installable web app from resources/glyph.svg, in the brand's
 * colours (blue #0f4c81 behind the white T and its orange wing), with sharp. Run after changing the glyph:
 *   npm run icons -w @tulpar/mobile
 * The PNGs are committed: the native builds and the site use them as they are.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import sharp from 'sharp'

const here = dirname(new URL(import.meta.url).pathname)
const mobile = join(here, '..')
const webPublic = join(mobile, '../web/public')
const BLUE = '#0f4c81'

/** The glyph's inner markup (paths), placed on any canvas. */
const glyph = readFileSync(join(mobile, 'resources/glyph.svg'), 'utf8')
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<title>[\s\S]*?<\/title>/, '')

/**
 * An SVG of `size` px: the glyph scaled by `scale` around the centre (1 = as drawn on its 1024 grid), on a blue
 * background shaped `shape` (`none`: transparent, for Android's adaptive foreground).
 */
function svg(width: number, height: number, scale: number, shape: 'square' | 'rounded' | 'circle' | 'none'): Buffer {
  const side = Math.min(width, height)
  const k = (side / 1024) * scale
  const dx = width / 2 - 512 * k
  const dy = height / 2 - 512 * k
  const background =
    shape === 'square'
      ? `<rect width="${width}" height="${height}" fill="${BLUE}"/>`
      : shape === 'rounded'
        ? `<rect width="${width}" height="${height}" rx="${side * 0.1875}" fill="${BLUE}"/>`
        : shape === 'circle'
          ? `<circle cx="${width / 2}" cy="${height / 2}" r="${side / 2}" fill="${BLUE}"/>`
          : ''
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `${background}<g transform="translate(${dx} ${dy}) scale(${k})">${glyph}</g></svg>`,
  )
}

async function png(file: string, image: Buffer, opaque = false) {
  mkdirSync(dirname(file), { recursive: true })
  let pipeline = sharp(image).png({ compressionLevel: 9 })
  // The App Store refuses icons with an alpha channel.
  if (opaque) pipeline = pipeline.flatten({ background: BLUE })
  writeFileSync(file, await pipeline.toBuffer())
}

// The installable web app (manifest.webmanifest): `any` icons with rounded corners, a maskable one whose glyph
// stays inside the central safe circle, and Apple's touch icon (iOS rounds it itself).
await png(join(webPublic, 'icons/icon-192.png'), svg(192, 192, 1, 'rounded'))
await png(join(webPublic, 'icons/icon-512.png'), svg(512, 512, 1, 'rounded'))
await png(join(webPublic, 'icons/maskable-512.png'), svg(512, 512, 0.8, 'square'))
await png(join(webPublic, 'icons/apple-touch-icon.png'), svg(180, 180, 1, 'square'), true)
// A small monochrome badge for notifications (Android shows only its alpha).
await png(join(webPublic, 'icons/badge-96.png'), svg(96, 96, 1.3, 'none'))

// Android: legacy and round launcher icons, and the adaptive icon's foreground (108 dp, of which the middle 72 dp
// show) over the blue of values/ic_launcher_background.xml.
const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 } as const
const res = join(mobile, 'android/app/src/main/res')
for (const [name, d] of Object.entries(densities)) {
  await png(join(res, `mipmap-${name}/ic_launcher.png`), svg(48 * d, 48 * d, 1, 'rounded'))
  await png(join(res, `mipmap-${name}/ic_launcher_round.png`), svg(48 * d, 48 * d, 0.9, 'circle'))
  await png(join(res, `mipmap-${name}/ic_launcher_foreground.png`), svg(108 * d, 108 * d, 0.62, 'none'))
}
// Android splash (the launch theme's background): the glyph on blue, portrait and landscape.
const splashes: [string, number, number][] = [['drawable', 480, 320]]
for (const [name, d] of Object.entries(densities)) {
  splashes.push([`drawable-port-${name}`, 320 * d, 480 * d], [`drawable-land-${name}`, 480 * d, 320 * d])
}
for (const [dir, w, h] of splashes) await png(join(res, `${dir}/splash.png`), svg(w, h, 0.45, 'square'), true)

// iOS: the one 1024 px App Store icon (no alpha) and the 2732 px splash, three times as the template names it.
const ios = join(mobile, 'ios/App/App/Assets.xcassets')
await png(join(ios, 'AppIcon.appiconset/AppIcon-512@2x.png'), svg(1024, 1024, 1, 'square'), true)
for (const suffix of ['', '-1', '-2']) {
  await png(join(ios, `Splash.imageset/splash-2732x2732${suffix}.png`), svg(2732, 2732, 0.3, 'square'), true)
}
console.log('icons written')
