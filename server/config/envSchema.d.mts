/** Types of envSchema.mjs (plain JavaScript so next.config.mjs can import it). */
export type EnvVariable = {
  readonly name: string
  readonly group: 'required' | 'optional' | 'tests' | 'runtime'
  readonly family?: string
  readonly readBy?: 'node' | 'bundler'
  readonly summary: string
  readonly default: string
  readonly production: string
}
export declare const ENV_VARIABLES: readonly EnvVariable[]
export declare const MAX_TRUSTED_PROXY_HOPS: number
export declare const MIN_SESSION_SECRET_LENGTH: number
export declare function sessionSecretEntries(raw: string | undefined): string[]
export declare function distDir(env: { NEXT_DIST_DIR?: string | undefined }): string
export declare function productionEnvironmentProblems(env: Record<string, string | undefined>): string[]
export declare function productionEnvironmentWarnings(env: Record<string, string | undefined>): string[]
