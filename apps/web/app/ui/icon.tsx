const PATHS = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  plus: 'M12 5v14M5 12h14',
  garage: 'M3 10 12 4l9 6v10H3zM7 20v-6h10v6M7 17h10',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  pin: 'M12 21s-6-5.6-6-11a6 6 0 0 1 12 0c0 5.4-6 11-6 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  filter: 'M4 6h16M7 12h10M10 18h4',
} as const

export type IconName = keyof typeof PATHS

/**
 * A decorative line icon, one of `PATHS` by `name` or a feature's own `path` (24×24, drawn with a 1.8 stroke); the
 * text next to it names the action.
 */
export function Icon({
  name,
  path,
  size = 22,
}: ({ name: IconName; path?: never } | { name?: never; path: string }) & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={name ? PATHS[name] : path} />
    </svg>
  )
}
