/** Types of mailPolicy.mjs (plain JavaScript so next.config.mjs can import it). */
export declare function isLoopbackOnly(origins: readonly string[] | string | undefined): boolean
export declare const SMTP_EXAMPLES: string
export declare const SMTP_REQUIRED: string
export declare function smtpUrlProblem(url: string): string | undefined
export declare function productionMailProblem(env: Record<string, string | undefined>): string | undefined
