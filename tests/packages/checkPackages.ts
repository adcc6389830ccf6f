/**
 * The floors published as packages (docs/architecture.md#packages), checked as another app would
 * meet them: each is built (`npm run build` in its workspace: tsc file by file, then tsc-alias), packed
 * with `npm pack` as it would be published, and the tarball is checked:
 * - publint (the package.json and its exports map against the files), warnings as errors;
 * - Are the Types Wrong (attw, `esm-only` profile) on every entry point, named one by one: attw does
 *   not list a wildcard export's subpaths by itself;
 * - no `@/` import left in `dist/` (neither tool sees one: it resolves only inside this project), and
 *   every relative import names a file of the tarball;
 * - every source file but the tests has its module and its declarations in the tarball.
 * Then another project adopts them (tests/packages/consumer, copied to .packages/consumer): the
 * tarballs are installed with `npm install` (their dependencies and peers from the registry, not
 * this project's node_modules), its code is compiled by tsc under `nodenext` against the packages'
 * declarations, and run by plain Node; it serves a sign-in of its own on @sigil/server's auth factory
 * and signs in with @sigil/lib's client; then it runs the test kit's first test (its README's) from the
 * kit's tarball: anvil, the relay, the WalletConnect wallet and a dapp, the mail catcher; then the
 * rest of the kit once each: the Coinbase stand-in, and in Chromium MetaMask's inpage provider and
 * a virtual passkey. Beside those steps a Next app (tests/packages/consumer-next) installs the
 * tarballs with Next, wagmi and the families' SDKs (the real AppKit among them, no override) and
 * is built with `next build`, its config through `withSigil`: no AppKit module may be in its build.
 * Prints its first load, gzip -9. Then it runs under `next start` in production: its one sign-in
 * route file is signed into over HTTP, and its e2e (the test kit from its tarball, in Chromium)
 * connects the kit's wallet through @sigil/react's provider, button and dialog and signs in; and the embedded wallet's vault, on
 * the app's second origin from its proxy.ts and two route files, runs the connectors' prebuilt script.
 * Prints each package's size, packed and unpacked. Exits non-zero on any problem.
 *
 * Run: `npm test -- packages`, or `npx tsx tests/packages/checkPackages.ts [stubs/reown-appkit lib wallet-book connectors react server tests/kit]`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { builtinModules } from 'node:module'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { randomBytes } from 'node:crypto'
import { createServer as createNetServer, type AddressInfo } from 'node:net'

const root = path.resolve(import.meta.dirname, '../..')
/** The workspaces, lowest floor first (each is built against the ones before it). */
const workspaces: readonly string[] = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces
const chosen = process.argv.slice(2)
const outDir = path.join(root, '.packages')

/** Runs a command to its end, or fails it after `timeoutMs` (a process that never exits, e.g. a test kit left with a live socket, fails the check instead of holding it). */
const run = (command: string, args: readonly string[], cwd = root, timeoutMs = 300_000) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGKILL' })

/**
 * Source files of a floor that ship: every .ts/.tsx but the tests and the scripts (without their
 * extension), and the plain JavaScript modules (`.mjs`, with their `.d.mts`; extension kept, as
 * they are imported).
 */
function shippedSources(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'dist' || name === 'node_modules' || name === 'scripts' ? [] : shippedSources(full, base)
    if (name.endsWith('.mjs')) return [path.relative(base, full)]
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path.relative(base, full).replace(/\.tsx?$/, '')] : []
  })
}

/**
 * Runs one of the consumer's programs under coreutils' `timeout`: past `seconds` it sends the program
 * SIGTERM, on which the program exits through its exit handlers (the kit's stop anvil, which runs in
 * a process group of its own, and Playwright stops Chromium), and SIGKILL 10 s later. `--foreground`
 * keeps it in the check's process group, so that `npm test` stopped by the user stops it too. The
 * check's own limit waits for both.
 */
const runConsumer = (script: string, cwd: string, seconds: number, nodeOptions: readonly string[] = [], args: readonly string[] = []) => run('timeout', ['--foreground', '--kill-after=10', String(seconds), 'node', ...nodeOptions, script, ...args], cwd, (seconds + 20) * 1000)

/** The version this project pins for a package (its dependencies or devDependencies), for the consumers to install the same. */
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }
const pinned = (name: string) => {
  const version = rootManifest.dependencies[name] ?? rootManifest.devDependencies[name]
  if (!version) throw new Error(`${name} is not a dependency of this project`)
  return `${name}@${version}`
}

/**
 * Runs a command beside the check's own synchronous steps: its output goes to a file (nothing to
 * drain while they block), and the promise settles once they let the event loop run. Rejects with
 * the output on a non-zero exit, or when it was still running after `timeoutMs`.
 */
function runAside(command: string, args: readonly string[], cwd: string, log: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const output = openSync(log, 'w')
    const child = spawn(command, args, { cwd, stdio: ['ignore', output, output], timeout: timeoutMs, killSignal: 'SIGKILL' })
    // The child has its own copy of the descriptor.
    closeSync(output)
    child.on('error', reject)
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(Object.assign(new Error(`${command} ${args.join(' ')}: exit ${code ?? signal}`), { stdout: readFileSync(log, 'utf8') }))))
  })
}

/** A port free on loopback now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts the Next consumer's build with `next start` in production, with the variables production
 * requires of @sigil/server's wiring (the app's origin, the session secret, the embedded wallet's
 * recovery key, the proxy hops; the store
 * in a data folder of its own) and nothing else of this process's environment (a DATABASE_URL, an
 * SMTP_URL or a SIGIL_CONFIG of the runner's would change what it serves). Waits until its sign-in
 * route answers as one does (401 `not_signed_in`: not some other listener on the port), runs
 * `against` with its origin, and stops it and its workers, waiting for them to exit.
 */
async function withNextStart(folder: string, against: (origin: string) => Promise<void>): Promise<void> {
  const port = await freePort()
  // By name, as Sigil's own `npm start` (`--hostname localhost`): bound to an IP address, Next hands
  // its proxy the request as `localhost` and then takes the proxy's rewrite to the vault's route
  // for another server's, fetching it over HTTP (docs/deploy.md).
  const origin = `http://localhost:${port}`
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    APP_ORIGIN: origin,
    SESSION_SECRET: randomBytes(32).toString('base64'),
    // The embedded wallet's (its vault on the second origin, wallet.localhost): no mail is sent here.
    EMBEDDED_RECOVERY_KEY: randomBytes(32).toString('base64'),
    TRUSTED_PROXY_HOPS: '0',
    DATA_DIR: path.join(folder, 'data'),
  }
  const log = path.join(outDir, 'consumer-next.start.log')
  const output = openSync(log, 'w')
  // Its own process group, so that stopping it stops Next's workers too.
  const server = spawn('node', ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', 'localhost'], { cwd: folder, env, stdio: ['ignore', output, output], detached: true })
  closeSync(output)
  const running = () => server.exitCode === null && server.signalCode === null
  const killGroup = (signal: NodeJS.Signals) => {
    if (server.pid === undefined) return
    try {
      process.kill(-server.pid, signal)
    } catch {
      // Already gone.
    }
  }
  // A check stopped midway (Ctrl-C, its time limit) leaves no server holding the port and the folder.
  const onExit = () => killGroup('SIGKILL')
  process.once('exit', onExit)
  try {
    const deadline = Date.now() + 60_000
    for (;;) {
      const answered = await fetch(`${origin}/api/auth/session`, { signal: AbortSignal.timeout(5_000) }).then(async (response) => response.status === 401 && ((await response.json()) as { code?: string }).code === 'not_signed_in', () => false)
      if (answered) break
      if (!running() || Date.now() > deadline) throw new Error(`next start did not answer as Sigil's sign-in route: ${readFileSync(log, 'utf8').slice(-2000)}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    await against(origin)
  } finally {
    process.removeListener('exit', onExit)
    if (running()) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
      killGroup('SIGTERM')
      const timer = setTimeout(() => killGroup('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    // Workers the main process left behind.
    killGroup('SIGKILL')
  }
}

/** The summary a consumer's script prints last (an SDK may log before it). */
function lastLine(output: string): string {
  return output.trim().split('\n').at(-1) ?? ''
}

/**
 * The bare specifiers a built module imports (static, dynamic, re-exports, `import type`), as
 * TypeScript's own scanner reads them: not relative, not Node's own.
 */
function bareImports(text: string): string[] {
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName)
  return specifiers.filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('node:') && !builtinModules.includes(specifier.split('/')[0]!))
}

/** The relative specifiers a built module imports, as TypeScript's own scanner reads them. */
function relativeImports(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName).filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
}

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesIn(full) : [full]
  })
}

/** The folders above `folder`, up to and including `top`. */
function ancestors(folder: string, top: string): string[] {
  const parent = path.dirname(folder)
  return parent === folder || !folder.startsWith(top) || folder === top ? [] : [parent, ...ancestors(parent, top)]
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })
const problems: string[] = []
const tarballs: string[] = []

for (const workspace of workspaces) {
  const dir = path.join(root, workspace)
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | { types?: string; default?: string }>; dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }
  // A package built for a later one is needed even when only that one was named.
  run('npm', ['run', 'build', '--if-present', '--workspace', workspace])
  if (chosen.length > 0 && !chosen.includes(workspace)) continue
  const say = (problem: string) => problems.push(`${manifest.name}: ${problem}`)

  // Packed as published.
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--workspace', workspace, '--pack-destination', outDir])) as { filename: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[] }[]
  if (!packed) throw new Error(`npm pack gave nothing for ${workspace}`)
  const tarball = path.join(outDir, packed.filename)
  tarballs.push(tarball)
  const inTarball = new Set(packed.files.map((file) => file.path))

  // Every shipped source has its module and its declarations: each file of a floor published whole
  // (a wildcard export), or the module and declarations each entry point of a curated package names
  // (the test kit, the AppKit stub).
  const wildcard = Object.hasOwn(manifest.exports, './*')
  const sources = wildcard ? shippedSources(dir) : Object.keys(manifest.exports).filter((key) => key !== '.' && key !== './package.json').map((key) => key.slice(2))
  const targets = wildcard
    ? sources.flatMap((source) => (source.endsWith('.mjs') ? [`dist/${source}`, `dist/${source.replace(/\.mjs$/, '.d.mts')}`] : [`dist/${source}.js`, `dist/${source}.d.ts`]))
    : Object.entries(manifest.exports).flatMap(([key, target]) => {
        if (key === './package.json') return []
        if (typeof target === 'string' || !target.types || !target.default) {
          say(`the export "${key}" names no types and module ({ "types", "default" })`)
          return []
        }
        return [target.default, target.types].map((file) => path.posix.normalize(file))
      })
  for (const file of targets) if (!inTarball.has(file)) say(`${file} is missing from the tarball`)

  // No import this project's alias alone could resolve, and no package a consumer's install would
  // not bring: every bare import of the shipped code names a dependency or peer of the manifest (a
  // package found only because this repository's node_modules holds it fails in another project).
  // `@sigil/config` is the one name a host provides: its sigil.config.ts, by its bundler's alias
  // (withSigil sets it), read by the server's config/sigilConfig.ts.
  const declared = new Set([manifest.name, ...Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies }), ...(manifest.name === '@sigil/server' ? ['@sigil/config'] : [])])
  const undeclared = new Map<string, string>()
  for (const file of packed.files.map((entry) => path.join(dir, entry.path)).filter((file) => /\.(js|mjs|d\.ts|d\.mts|css)$/.test(file))) {
    const text = readFileSync(file, 'utf8')
    if (/from ['"]@\/|import\(['"]@\/|require\(['"]@\//.test(text)) say(`${path.relative(dir, file)} still imports through "@/"`)
    if (!/\.(js|mjs|d\.ts|d\.mts)$/.test(file)) continue
    // Every relative import names a file of the tarball (a path rewritten wrong by the build, or a
    // module it did not copy, fails in the host's bundler only).
    for (const specifier of relativeImports(text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(path.relative(dir, file).split(path.sep).join('/')), specifier))
      const declaration = target.replace(/\.js$/, '.d.ts').replace(/\.mjs$/, '.d.mts')
      if (!inTarball.has(target) && !(/\.d\.m?ts$/.test(file) && inTarball.has(declaration))) say(`${path.relative(dir, file)} imports ${specifier}, which is not in the tarball`)
    }
    for (const specifier of bareImports(text)) {
      const name = packageName(specifier)
      if (!declared.has(name) && !undeclared.has(name)) undeclared.set(name, path.relative(dir, file))
    }
  }
  for (const [name, file] of undeclared) say(`${file} imports ${name}, which is neither a dependency nor a peer`)

  try {
    run('npx', ['publint', 'run', tarball, '--strict'])
  } catch (error) {
    say(`publint: ${String((error as { stdout?: string }).stdout ?? error).trim()}`)
  }

  // Every file through the wildcard, and the package's root where it has one (`.`: index.ts).
  const entrypoints = [...(Object.hasOwn(manifest.exports, '.') ? ['.'] : []), ...sources.map((source) => `./${source}`)]
  // attw exits before a pipe is drained on a long report: its JSON goes to a file.
  const report = path.join(outDir, `${packed.filename}.attw.json`)
  const attw = spawnSync('npx', ['attw', tarball, '--profile', 'esm-only', '--format', 'json', '--entrypoints', ...entrypoints], { cwd: root, stdio: ['ignore', openSync(report, 'w'), 'pipe'], encoding: 'utf8', timeout: 300_000, killSignal: 'SIGKILL' })
  if (attw.status !== 0) {
    let found: { kind: string; entrypoint?: string; resolutionKind?: string }[] | undefined
    try {
      // The esm-only profile ignores CommonJS resolution (node10, node16-cjs): an ESM-only package's choice.
      found = (JSON.parse(readFileSync(report, 'utf8')) as { analysis?: { problems?: NonNullable<typeof found> } }).analysis?.problems?.filter((problem) => problem.resolutionKind !== 'node10' && problem.resolutionKind !== 'node16-cjs')
    } catch {
      // Not JSON: attw itself failed; its own words follow.
    }
    if (!found) say(`attw (exit ${attw.status}): ${`${readFileSync(report, 'utf8')}${attw.stderr}`.trim().slice(0, 2000)}`)
    else {
      const shown = found.slice(0, 8).map((problem) => `${problem.kind} at ${problem.entrypoint ?? '?'} (${problem.resolutionKind ?? 'any'})`)
      say(`attw: ${found.length} problem(s): ${shown.join('; ')}${found.length > shown.length ? '; …' : ''}`)
    }
  }

  console.log(`${manifest.name}: ${entrypoints.length} entry points; ${packed.size} B packed, ${packed.unpackedSize} B unpacked, ${packed.entryCount} files (${packed.filename})`)
}

// Another project: the tarballs installed as a stranger installs them, compiled and run.
// (In a function: tsx runs this file as CommonJS, where a top-level await is refused.)
async function adopt() {
  if (chosen.length === 0 && problems.length === 0) {
    // A Next app (tests/packages/consumer-next) is installed beside the plain consumer's steps: the
    // tarballs, Next, wagmi and every family's SDK, WalletConnect's with the real AppKit (no override:
    // its build must leave AppKit out by withSigil alone). Built after them.
    // Outside this repository: inside it, Next takes the repository's lockfile for the root of the
    // project and finds this app's proxy.ts and instrumentation.ts. Removed once checked, whatever the outcome.
    const nextConsumer = mkdtempSync(path.join(tmpdir(), 'sigil-consumer-next-'))
    cpSync(path.join(root, 'tests/packages/consumer-next'), nextConsumer, { recursive: true })
    // With the test kit (and Playwright, its peer) for its e2e.
    const nextPeers = ['next', 'react', 'react-dom', 'wagmi', '@wagmi/core', 'viem', '@tanstack/react-query', '@walletconnect/ethereum-provider', '@walletconnect/utils', '@coinbase/wallet-sdk', '@simplewebauthn/browser', '@playwright/test', 'typescript', '@types/react', '@types/node']
    const nextInstalled = runAside('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', ...tarballs, ...nextPeers.map(pinned)], nextConsumer, path.join(outDir, 'consumer-next.install.log'), 900_000)
    // Settled (and its failure reported) below; not an unhandled rejection meanwhile.
    nextInstalled.catch(() => undefined)

    const consumer = path.join(outDir, 'consumer')
    cpSync(path.join(root, 'tests/packages/consumer'), consumer, { recursive: true })
    try {
      // The non-optional peers (wagmi, React, react-query, Playwright) come with the tarballs; the
      // types of React and Node are the consumer's.
      const types = ['@types/react', '@types/node'].map(pinned)
      // Its own time limit: the kit brings solc, esbuild, anvil, Playwright and the WalletConnect SDKs.
      // WalletConnect's SDK with the AppKit stub in AppKit's place, by the override the stub's README
      // gives (here its tarball, in place of `npm:@sigil/appkit-stub@<version>` from the registry).
      const stubTarball = tarballs.find((tarball) => path.basename(tarball).startsWith('sigil-appkit-stub-'))
      if (!stubTarball) throw new Error('the AppKit stub was not packed')
      const consumerManifest = JSON.parse(readFileSync(path.join(consumer, 'package.json'), 'utf8')) as Record<string, unknown>
      writeFileSync(path.join(consumer, 'package.json'), `${JSON.stringify({ ...consumerManifest, overrides: { '@reown/appkit': `file:${stubTarball}` } }, null, 2)}\n`)
      run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', ...tarballs, pinned('viem'), pinned('@walletconnect/ethereum-provider'), ...types], consumer, 900_000)
      run(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], consumer)
      const found = JSON.parse(lastLine(runConsumer('out/uses.js', consumer, 60))) as { problems: number; listed: number; custom: string[]; families: string[]; sections: number; installedAppKit: string; stubThrows: string }
      const appKitStubbed = found.installedAppKit === '@sigil/appkit-stub' && found.stubThrows.includes('showQrModal: false')
      if (found.problems !== 0 || found.listed === 0 || found.custom.join() !== 'acme' || found.families.length !== 4 || found.sections !== 3 || !appKitStubbed) problems.push(`consumer: unexpected result ${JSON.stringify(found)}`)
      else console.log(`another project installed the tarballs, compiled against them (nodenext) and ran: ${found.listed} wallets listed, its own wallet "${found.custom.join()}" accepted, families ${found.families.join(', ')}; WalletConnect's SDK found ${found.installedAppKit} in AppKit's place (the override), and withSigil's alias resolved to the stub`)
      // A sign-in server of its own on @sigil/server's factory, in plain Node, signed into with @sigil/lib's client.
      // The server's modules are marked `server-only`, which throws outside a server build: plain Node
      // runs them under the `react-server` condition, as @sigil/server's README says.
      const signIn = JSON.parse(lastLine(runConsumer('out/signIn.js', consumer, 60, ['--conditions=react-server']))) as { before: boolean; signedIn: boolean; session: boolean; replayed: string; forged: string }
      if (!signIn.before || !signIn.signedIn || !signIn.session || signIn.replayed !== 'nonce_invalid' || signIn.forged !== 'invalid_signature') problems.push(`consumer: its sign-in server: unexpected result ${JSON.stringify(signIn)}`)
      else console.log(`its own sign-in server on @sigil/server's factory (plain Node, PGlite in memory): signed out, signed in with @sigil/lib's client, the session read back; a replayed message refused (${signIn.replayed}), a signature of another message refused (${signIn.forged})`)
      // The test kit's first test (its README's), run from its tarball.
      type KitRun = { matrix: string[]; mined: string; paired: number; relayProposals: number; signatureVerified: boolean; mail: string; profiles: string[]; smartSignatureVerified: boolean; keysScript: string; metaMask: string; injectedAccount: boolean; passkey: boolean }
      const kit = JSON.parse(lastLine(runConsumer('out/kit.js', consumer, 120))) as KitRun
      const expected = kit.mined === 'success' && kit.paired === 1 && kit.relayProposals >= 1 && kit.signatureVerified && kit.mail === 'Your code is 123456.' && kit.profiles.length === 6
      // The matrix: six cells; a desktop with WalletConnect has QR codes, one without has store pages only, a phone leads to wallets.
      const matrixHolds = kit.matrix.length === 6 && kit.matrix.every((cell) => /:[1-9]\d*:[a-z+-]+:true$/.test(cell)) && kit.matrix.some((cell) => cell.startsWith('desktop:') && cell.includes('qr-code')) && kit.matrix.some((cell) => cell.startsWith('desktop-no-project-id:') && /:store-page:true$/.test(cell)) && kit.matrix.filter((cell) => /^(android|iphone)/.test(cell)).every((cell) => !/qr-code|store-page/.test(cell))
      const rest = matrixHolds && kit.smartSignatureVerified && kit.keysScript.startsWith('200 text/javascript') && kit.metaMask === 'io.metamask' && kit.injectedAccount && kit.passkey
      if (!expected || !rest) problems.push(`consumer: the test kit's first test: unexpected result ${JSON.stringify(kit)}`)
      else console.log(`the test kit ran from its tarball: anvil mined a transfer; its WalletConnect wallet paired through its relay and signed (verified); its SMTP capture caught the mail; its smart account signed before deployment (ERC-6492, verified); in Chromium MetaMask's inpage provider answered for its wallet and its virtual authenticator made a passkey; ${kit.profiles.length} wallet profiles; the no-dead-ends matrix: ${kit.matrix.join(', ')}`)
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string; status?: number | null }
      // coreutils' timeout exits 124 when it stopped the program (137 when SIGKILL was needed).
      const stopped = failure.status === 124 || failure.status === 137 ? ' (stopped at its time limit)' : ''
      problems.push(`consumer${stopped}: ${`${failure.stdout ?? ''}${failure.stderr ?? String(error)}`.trim().slice(0, 3000)}`)
    }

    // The Next app: built by Next's own `next build` (Turbopack), its config through withSigil.
    try {
      await nextInstalled
      // The AppKit WalletConnect's provider resolves, wherever the install put it: the nearest
      // node_modules/@reown/appkit from the provider's folder up (AppKit exports no package.json).
      // (The provider is the app's own dependency, so at the top of its node_modules.)
      const provider = path.join(nextConsumer, 'node_modules/@walletconnect/ethereum-provider')
      const appKitFolder = [provider, ...ancestors(provider, nextConsumer)].map((folder) => path.join(folder, 'node_modules/@reown/appkit')).find((folder) => existsSync(path.join(folder, 'package.json')))
      if (!appKitFolder) throw new Error('WalletConnect\'s provider finds no @reown/appkit')
      const installedAppKit = JSON.parse(readFileSync(path.join(appKitFolder, 'package.json'), 'utf8')) as { name: string; version: string }
      if (installedAppKit.name !== '@reown/appkit') throw new Error(`expected the real AppKit on disk (no override here), found ${installedAppKit.name}`)
      // Next's own binary under coreutils' timeout (as the consumer's programs run): past its limit
      // it gets SIGTERM and stops its workers.
      execFileSync('timeout', ['--foreground', '--kill-after=10', '300', 'node', 'node_modules/next/dist/bin/next', 'build'], { cwd: nextConsumer, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, timeout: 320_000, killSignal: 'SIGKILL', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
      const chunks = filesIn(path.join(nextConsumer, '.next/static')).filter((file) => file.endsWith('.js'))
      // AppKit's modal is custom elements (w3m-modal, w3m-router, w3m-frame…); none may ship. (The
      // provider's own theme mapping names CSS variables `--w3m-…`, which are not AppKit.)
      const withAppKit = chunks.filter((file) => /\bw3m-(?:modal|router|frame)\b/.test(readFileSync(file, 'utf8')))
      const withStub = chunks.filter((file) => readFileSync(file, 'utf8').includes('The WalletConnect QR modal is off in Sigil'))
      // The page's first load: the scripts its HTML names, gzip -9 (as this app's own budget counts
      // them). The page reads the request's cookie, so its HTML is served, not prerendered.
      const firstLoadOf = (html: string) => {
        const scripts = [...new Set([...html.matchAll(/src="\/_next\/(static\/[^"]+\.js)"/g)].map((match) => match[1]!))]
        return { scripts: scripts.length, bytes: scripts.reduce((sum, script) => sum + gzipSync(readFileSync(path.join(nextConsumer, '.next', script)), { level: 9 }).byteLength, 0) }
      }
      if (withAppKit.length > 0) problems.push(`consumer-next: AppKit is in the build despite withSigil: ${withAppKit.map((file) => path.relative(nextConsumer, file)).join(', ')}`)
      else if (withStub.length === 0) problems.push('consumer-next: no chunk holds the AppKit stub: withSigil\'s alias did not resolve to it')
      else {
        console.log(`a Next app installed the tarballs with the real AppKit ${installedAppKit.version} on disk and built with withSigil (its types checked against Next's by the build): no AppKit module in its ${chunks.length} chunks, the stub in ${withStub.length}`)
        // Served by `next start` as production: its one sign-in route file (app/api/auth/[...path]/route.ts,
        // @sigil/server's sign-in API wired from the environment) signed into over HTTP by @sigil/lib's
        // client; then its e2e on the test kit from its tarball: @sigil/react's button and dialog
        // connect the kit's wallet in Chromium and sign in.
        await withNextStart(nextConsumer, async (origin) => {
          const firstLoad = firstLoadOf(await (await fetch(origin)).text())
          if (firstLoad.scripts === 0) problems.push('consumer-next: the served page names no script')
          else console.log(`its page (@sigil/react's provider and button): first load ${firstLoad.bytes} B gzip in ${firstLoad.scripts} scripts`)
          const signIn = JSON.parse(lastLine(runConsumer('signIn.mjs', nextConsumer, 60, [], [origin]))) as { before: boolean; signedIn: boolean; session: boolean; replayed: string }
          if (!signIn.before || !signIn.signedIn || !signIn.session || signIn.replayed !== 'nonce_invalid') problems.push(`consumer-next: signing in to its next start: unexpected result ${JSON.stringify(signIn)}`)
          else console.log(`its one sign-in route file on @sigil/server, under next start (production, PGlite in its data folder): signed out, signed in over HTTP with @sigil/lib's client, the session read back, a replayed message refused (${signIn.replayed})`)
          const e2e = JSON.parse(lastLine(runConsumer('connect.mjs', nextConsumer, 120, [], [origin]))) as { connected: boolean; rpcAdmitted: boolean; rpc: string; broadcast: string; signedIn: boolean; session: boolean; afterReload: string | null; errors: string[]; account: string }
          if (!e2e.connected || !e2e.rpcAdmitted || e2e.broadcast.startsWith('404') || e2e.broadcast.endsWith('no code') || !e2e.signedIn || !e2e.session || e2e.afterReload !== 'signed-in' || e2e.errors.length > 0) problems.push(`consumer-next: its e2e: unexpected result ${JSON.stringify(e2e)}`)
          else console.log(`its e2e on the test kit's tarball: in Chromium, @sigil/react's "Connect wallet" opened its dialog, the kit's wallet (MetaMask's inpage provider) connected from its row, its RPC route admitted the page's read (the page token from the proxy; answer ${e2e.rpc.split(' ')[0]}), its broadcast route refused a junk body in its own words (${e2e.broadcast}), "Sign in" signed in through the one sign-in route file, the server's session names that account, and a reload shows it signed in; no page error`)
          // The vault on its second origin: the connectors' prebuilt script, its two route files
          // (app/vault/[[...path]], app/api/embedded/[...path]) and its proxy.ts.
          const vault = JSON.parse(lastLine(runConsumer('vault.mjs', nextConsumer, 120, ['--conditions=react-server'], [origin]))) as { page: number; csp: boolean; mode: string; script: boolean; chunk: boolean; api: string; wrongMethod: string; appVault: number; appApi: number; violations: string[] }
          const vaultHeld = vault.page === 200 && vault.csp && vault.mode === 'standalone' && vault.script && vault.chunk && vault.api === '400 embedded_malformed_body' && vault.wrongMethod === '405 POST, OPTIONS' && vault.appVault === 404 && vault.appApi === 404 && vault.violations.length === 0
          if (!vaultHeld) problems.push(`consumer-next: the vault on its second origin: unexpected result ${JSON.stringify(vault)}`)
          else console.log(`the vault on its second origin (wallet.localhost): its page ran the connectors' prebuilt script (named by its hash, under the nonce, no policy violation) and showed its own screens; a chunk served by name; the wallet's API through its one route file (${vault.api}; a GET: ${vault.wrongMethod}); the app's origin serves neither (404, 404)`)
        })
      }
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string }
      problems.push(`consumer-next: ${`${failure.stdout ?? ''}${failure.stderr ?? String(error)}`.trim().slice(-3000)}`)
    } finally {
      rmSync(nextConsumer, { recursive: true, force: true, maxRetries: 3 })
    }
  }

  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n- ${problems.join('\n- ')}`)
    process.exit(1)
  }
  console.log('every package is clean: publint, attw (esm-only), no "@/" import, every relative import in the tarball, every bare import a dependency or peer, every module and its declarations packed; the consumers built, ran, and signed in')
}

adopt().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
