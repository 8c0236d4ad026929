import { BODY_TYPES } from '@tulpar/contracts'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { illustrationKey, illustrationSvg, renderIllustration } from './illustrations.ts'

describe('illustrations', () => {
  test('every body type renders a 1600x1200 PNG in every scene', { timeout: 60_000 }, async () => {
    for (const bodyType of BODY_TYPES) {
      for (const scene of [0, 1, 2] as const) {
        const meta = await sharp(await renderIllustration(bodyType, '#c0392b', scene)).metadata()
        expect([meta.format, meta.width, meta.height], `${bodyType} scene ${scene}`).toEqual(['png', 1600, 1200])
      }
    }
  })

  test('each body type draws a different picture', { timeout: 60_000 }, async () => {
    const pixels = new Map<string, Buffer>()
    for (const bodyType of BODY_TYPES) {
      const png = await renderIllustration(bodyType, '#ffffff', 0)
      pixels.set(bodyType, await sharp(png).resize(160, 120).greyscale().raw().toBuffer())
    }
    // Share of pixels that clearly differ; the closest pair (sedan vs liftback) differs in about 1%.
    const changed = (a: Buffer, b: Buffer) =>
      a.reduce((sum, v, i) => sum + (Math.abs(v - (b[i] ?? 0)) > 32 ? 1 : 0), 0) / a.length
    for (const a of BODY_TYPES) {
      for (const b of BODY_TYPES) {
        if (a < b)
          expect(changed(pixels.get(a) as Buffer, pixels.get(b) as Buffer), `${a} vs ${b}`).toBeGreaterThan(0.005)
      }
    }
  })

  test('the SVG is painted in the car colour and has no text', () => {
    const svg = illustrationSvg('sedan', '#1F4E8C', 1)
    expect(svg).toContain('#1f4e8c')
    expect(svg).not.toMatch(/<text|<tspan/)
  })

  test('nothing that looks like a control is drawn in a corner: each corner is plain background', async () => {
    for (const scene of [0, 1, 2] as const) {
      const png = await renderIllustration('sedan', '#c0392b', scene)
      for (const left of [0, 1400]) {
        const corner = await sharp(png).extract({ left, top: 0, width: 200, height: 200 }).greyscale().raw().toBuffer()
        // Each row of a corner is one colour (the backgrounds are vertical gradients): a badge would break that.
        for (let y = 0; y < 200; y += 4) {
          const row = corner.subarray(y * 200, y * 200 + 200)
          expect(Math.max(...row) - Math.min(...row), `scene ${scene}, x ${left}, row ${y}`).toBeLessThan(24)
        }
      }
    }
  })

  test('the scene changes the background', () => {
    expect(illustrationSvg('suv', '#ffffff', 0)).not.toBe(illustrationSvg('suv', '#ffffff', 2))
  })

  test('white and black paint both get an outline that differs from the paint', () => {
    expect(illustrationSvg('coupe', '#ffffff', 0)).toMatch(/stroke="#[0-5][0-9a-f]{5}" stroke-width="5"/)
    expect(illustrationSvg('coupe', '#000000', 0)).toMatch(/stroke="#[4-9a-f][0-9a-f]{5}" stroke-width="5"/)
  })

  test('rejects colours that are not hex, so nothing can be injected into the SVG', () => {
    expect(() => illustrationSvg('sedan', 'red"/><script>', 0)).toThrow(/Invalid colour/)
    expect(() => illustrationSvg('tank' as never, '#ffffff', 0)).toThrow(/Unknown body type/)
    expect(() => illustrationSvg('sedan', '#ffffff', 3 as never)).toThrow(/Unknown scene/)
  })

  test('the key is body type, lowercase hex without # and scene', () => {
    expect(illustrationKey('sedan', '#FFFFFF', 0)).toBe('illustrations/sedan-ffffff-0')
    expect(illustrationKey('pickup', 'C0392B', 2)).toBe('illustrations/pickup-c0392b-2')
    expect(illustrationKey('van', '#abc', 1)).toBe('illustrations/van-aabbcc-1')
  })
})
