/**
 * The push services browsers subscribe through (the hosts web-push's users know): Chrome, Edge on Android, Opera,
 * Samsung Internet and the other Chromium browsers use FCM; Firefox Mozilla's autopush; Safari Apple's
 * (web.push.apple.com); Edge on Windows WNS (wns2-xxx.notify.windows.com). A `*.` entry is any subdomain.
 * A subscription's endpoint is a URL the browser gives us, i.e. one any signed-in user can type: we send only here.
 */
const WEB_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
]

function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((h) =>
    h.startsWith('*.') ? hostname.endsWith(h.slice(1)) && hostname.length > h.length - 1 : hostname === h,
  )
}

/**
 * True when `endpoint` is an https URL on one of the push services' hosts, on the default port, without
 * user:password@. Anything else (loopback, private addresses, another host, http) is not a push service.
 */
export function isWebPushEndpoint(endpoint: string, hosts: readonly string[] = WEB_PUSH_HOSTS): boolean {
  if (!URL.canParse(endpoint)) return false
  const url = new URL(endpoint)
  // `port` is '' for the default one (443 written out is normalised away); URL lower-cases the host.
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    hostAllowed(url.hostname, hosts)
  )
}
