// The one line the connectors' README asks of a Next app: AppKit's two requests go to the stub.
import { withSigil } from '@sigil/connectors/withSigil'

export default withSigil({ reactStrictMode: true })
