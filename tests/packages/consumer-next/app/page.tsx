import { Families } from './Families'
import { SignIn } from './SignIn'

export default function Page() {
  return (
    <main>
      <h1>Another app</h1>
      <SignIn />
      <Families />
    </main>
  )
}
