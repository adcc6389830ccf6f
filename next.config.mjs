/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WASM + a data bundle that webpack cannot bundle; load it from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  // Route sizes land in .next/diagnostics/route-bundle-stats.json, read by `npm run bench`.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ]
  },
}

export default nextConfig
