/** Image formats recognised from their first bytes; the client's file name and content type are not trusted. */
export type SniffedImage = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic' | 'gif'

/** Formats the photo pipeline accepts (sharp's prebuilt libvips reads AVIF but not HEVC-coded HEIC). */
export const ACCEPTED_PHOTO_FORMATS: readonly SniffedImage[] = ['jpeg', 'png', 'webp', 'avif']

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1')

/** The image format from the magic bytes, or null when the bytes are not an image we know. */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (bytes.length < 12) return null
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
  // ISO-BMFF: a `ftyp` box whose major or compatible brands name the format.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 64)
    const brands: string[] = []
    for (let i = 8; i + 4 <= boxSize; i += 4) if (i !== 12) brands.push(ascii(bytes, i, i + 4))
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif'
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) return 'heic'
  }
  return null
}
