'use client'
import { useState } from 'react'

/**
 * The words the root layout wrote into `<html>` in the page's language (`errorPageWords`,
 * app/layout.tsx), with its `lang`, read as this replaces the page: the `<html>` it renders over
 * still carries them then. A render that failed on the server has none: a short English fallback.
 */
function readWords() {
  const root = typeof document === 'undefined' ? undefined : document.documentElement
  const word = (name: string, fallback: string) => root?.getAttribute(`data-error-${name}`) || fallback
  return { lang: root?.lang || 'en', title: word('title', 'Something went wrong'), body: word('body', ''), reload: word('reload', 'Reload') }
}

/**
 * The page's last resort, in place of Next's: what shows when a part of the page fails to load (a
 * chunk lost to a dropped connection, or replaced by a deploy since the page was opened) or to render,
 * with nothing nearer to catch it. Next's own fallback writes its stylesheet with `innerHTML`, which
 * the page's Trusted Types policy refuses (server/http/trustedTypes.ts): the page went blank. This one
 * is plain elements and the app's own stylesheet, in the page's language, with one way on: reload
 * (docs/architecture.md, "When the page itself fails").
 */
export default function GlobalError() {
  const [words] = useState(readWords)
  return (
    <html lang={words.lang}>
      <body>
        <main className="page">
          <div className="card" role="alert">
            <h1>{words.title}</h1>
            <p className="muted">{words.body}</p>
            <button type="button" className="button primary" onClick={() => location.reload()}>
              {words.reload}
            </button>
          </div>
        </main>
      </body>
    </html>
  )
}
