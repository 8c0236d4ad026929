/*
 * `npm run sync -w @tulpar/mobile`: writes the app's web folder (www/: the site's offline page, which the app
 * shows when the site cannot be reached) and runs `cap sync`, which copies it and the configuration into the
 * Android and iOS projects and lists the plugins in their Gradle and Swift package files. No Android SDK or
 * Xcode is needed for this; building the apps is (README.md).
 *
 * `--check` (CI, scripts/test.sh): the same, then fails if `cap sync` changed or added any file of the committed
 * native projects, i.e. a plugin or a setting was changed without syncing and committing the result.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import config, { SERVER_URL } from '../capacitor.config.ts'

const mobile = join(dirname(new URL(import.meta.url).pathname), '..')
const check = process.argv.includes('--check')

/** Every file of the native projects that git would see (tracked, or new and not ignored), with its hash. */
function snapshot(): Map<string, string> {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'android', 'ios'],
    {
      cwd: mobile,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean)
  const hashes = new Map<string, string>()
  for (const file of files) {
    const path = join(mobile, file)
    // A tracked file the sync deleted shows up as missing.
    hashes.set(file, existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'missing')
  }
  return hashes
}

function writeWebDir() {
  const www = join(mobile, config.webDir ?? 'www')
  mkdirSync(www, { recursive: true })
  const offline = readFileSync(join(mobile, '../web/public/offline.html'), 'utf8').replace(
    '<body>',
    // The "try again" button goes back to the site (the app's page lives on the web view's local origin).
    `<body data-retry="${SERVER_URL}">`,
  )
  writeFileSync(join(www, 'offline.html'), offline)
  // Never shown while server.url is set; cap sync wants an index.html in the web folder.
  writeFileSync(join(www, 'index.html'), offline)
}

const before = check ? snapshot() : null
writeWebDir()
execFileSync(process.execPath, [join(mobile, '../../node_modules/@capacitor/cli/bin/capacitor'), 'sync'], {
  cwd: mobile,
  stdio: ['ignore', check ? 'ignore' : 'inherit', 'inherit'],
  env: { ...process.env, CAPACITOR_TELEMETRY: 'false', CI: 'true' },
})
if (before) {
  const after = snapshot()
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f))
  if (changed.length > 0) {
    console.error(
      `cap sync changed the native projects: commit what it wrote (npm run sync -w @tulpar/mobile).\n  ${changed.join('\n  ')}`,
    )
    process.exit(1)
  }
  console.log(`the Android and iOS projects are what cap sync makes (${after.size} files checked)`)
}
