import next from 'eslint-config-next'

export default [
  ...next,
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/artifacts/**', 'next-env.d.ts'] },
]
