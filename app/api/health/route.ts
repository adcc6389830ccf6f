import { healthResponse } from '@sigil/server/lifecycle/health'

// The store's drivers need Node, not the edge runtime; every call asks the store afresh.
export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export function GET(): Promise<Response> {
  return healthResponse()
}
