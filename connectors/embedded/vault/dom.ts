/**
 * The vault's screens are plain DOM (no framework: the vault's script stays small and shares no
 * runtime with the app). `h` builds an element; text always goes in as text nodes, never as HTML.
 */
type Child = Node | string | number | false | null | undefined
type Props = Record<string, string | number | boolean | undefined | ((event: never) => void)>

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value as EventListener)
    else if (name === 'className') element.className = String(value)
    else element.setAttribute(name === 'testId' ? 'data-testid' : name, value === true ? '' : String(value))
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue
    element.append(typeof child === 'object' ? child : String(child))
  }
  return element
}

/** Replaces what `parent` shows. */
export function show(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(...children.filter((child): child is Node | string | number => child !== null && child !== undefined && child !== false).map((child) => (typeof child === 'object' ? child : String(child))))
}

/**
 * Whether the browser says the user's last tap no longer counts (`navigator.userActivation`; false
 * where it is not known). A passkey prompt in the page's frame needs that tap (Chromium keeps it about
 * 5 s); past it, the prompt would fail as if the user had cancelled it. Read in every mode: a window
 * of its own needs no tap in Chromium, but Safari may ask for a gesture there too, and a second tap
 * after a slow answer costs less than a failed prompt.
 */
export function tapExpired(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation
  return activation !== undefined && !activation.isActive
}
