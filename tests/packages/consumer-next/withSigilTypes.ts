/**
 * `withSigil` against Next's own types, checked by `next build`'s type-check of this app: a config
 * typed `NextConfig` goes in and a `NextConfig` comes out, with its Turbopack aliases; a config
 * function keeps the context type its author wrote.
 */
import type { NextConfig } from 'next'
import { withSigil } from '@sigil/connectors/withSigil'

const typed: NextConfig = { reactStrictMode: true, turbopack: { resolveAlias: { underscore: 'lodash' } } }
export const wrapped = withSigil(typed) satisfies NextConfig
export const aliased: NextConfig['turbopack'] = wrapped.turbopack

export const fromPhase = withSigil((phase: string, { defaultConfig }: { defaultConfig: NextConfig }): NextConfig => ({ ...defaultConfig, distDir: `.next-${phase}` }))
export const resolved: Promise<NextConfig> = fromPhase('phase-production-build', { defaultConfig: {} })
