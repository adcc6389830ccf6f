import { Families } from './Families'

export default function Page() {
  return (
    <main>
      <h1>Another app</h1>
      <Families />
    </main>
  )
}
