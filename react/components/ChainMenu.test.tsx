// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { foundry, mainnet, sepolia } from 'viem/chains'
import { ChainMenu } from './ChainMenu'

const chains = [mainnet, sepolia, foundry]

function setup(chainId: number = sepolia.id) {
  const onSelect = vi.fn()
  render(<ChainMenu chains={chains} chainId={chainId} pending={null} onSelect={onSelect} />)
  return { onSelect, button: screen.getByTestId('chain-menu-button') }
}

const focused = () => (document.activeElement as HTMLElement | null)?.dataset.testid

describe('ChainMenu', () => {
  afterEach(cleanup)

  it('shows the current chain by name with its id, as a menu button', () => {
    const { button } = setup()
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    const current = screen.getByTestId('current-chain')
    expect(current.textContent).toBe('Sepolia')
    expect(current.dataset.chainId).toBe(String(sepolia.id))
  })

  it('names an unsupported chain by its id', () => {
    setup(424242)
    expect(screen.getByTestId('current-chain').textContent).toBe('Unknown network (424242)')
  })

  it('offers only the given chains as radio items, the current one checked, and focuses it on open', () => {
    const { button } = setup()
    act(() => fireEvent.click(button))
    const items = screen.getAllByRole('menuitemradio')
    expect(items.map((item) => item.dataset.testid)).toEqual(['chain-option-1', 'chain-option-11155111', 'chain-option-31337'])
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false'])
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(focused()).toBe('chain-option-11155111')
  })

  it('moves with the arrow keys (wrapping), Home and End', () => {
    const { button } = setup()
    act(() => fireEvent.click(button))
    const menu = screen.getByRole('menu')
    fireEvent.keyDown(menu, { key: 'ArrowDown' })
    expect(focused()).toBe('chain-option-31337')
    fireEvent.keyDown(menu, { key: 'ArrowDown' })
    expect(focused()).toBe('chain-option-1')
    fireEvent.keyDown(menu, { key: 'ArrowUp' })
    expect(focused()).toBe('chain-option-31337')
    fireEvent.keyDown(menu, { key: 'Home' })
    expect(focused()).toBe('chain-option-1')
    fireEvent.keyDown(menu, { key: 'End' })
    expect(focused()).toBe('chain-option-31337')
  })

  it('opens on the last item with ArrowUp from the button', () => {
    const { button } = setup()
    act(() => fireEvent.keyDown(button, { key: 'ArrowUp' }))
    expect(focused()).toBe('chain-option-31337')
  })

  it('closes on Escape and gives focus back to the button without switching', () => {
    const { button, onSelect } = setup()
    act(() => fireEvent.keyDown(button, { key: 'ArrowDown' }))
    act(() => fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' }))
    expect(screen.queryByRole('menu')).toBeNull()
    expect(focused()).toBe('chain-menu-button')
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('selects a chain with Enter or a click, closing the menu', () => {
    const { button, onSelect } = setup()
    act(() => fireEvent.keyDown(button, { key: 'ArrowDown' }))
    act(() => fireEvent.keyDown(screen.getByTestId('chain-option-31337'), { key: 'Enter' }))
    expect(onSelect).toHaveBeenLastCalledWith(31337)
    expect(screen.queryByRole('menu')).toBeNull()
    act(() => fireEvent.click(button))
    act(() => fireEvent.click(screen.getByTestId('chain-option-1')))
    expect(onSelect).toHaveBeenLastCalledWith(1)
  })

  it('does not ask to switch to the chain the wallet is already on', () => {
    const { button, onSelect } = setup()
    act(() => fireEvent.click(button))
    act(() => fireEvent.click(screen.getByTestId('chain-option-11155111')))
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('closes when the user presses elsewhere on the page', () => {
    const { button } = setup()
    act(() => fireEvent.click(button))
    act(() => fireEvent.pointerDown(document.body))
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('shows a chain the wallet cannot switch to disabled, with its reason, and choosing it does nothing', () => {
    const onSelect = vi.fn()
    render(<ChainMenu chains={chains} chainId={sepolia.id} pending={null} blocked={new Map([[mainnet.id, 'Switch in your wallet app']])} onSelect={onSelect} />)
    act(() => fireEvent.click(screen.getByTestId('chain-menu-button')))
    const blocked = screen.getByTestId('chain-option-1')
    expect(blocked.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByTestId('chain-option-reason-1').textContent).toBe('Switch in your wallet app')
    expect(document.getElementById(blocked.getAttribute('aria-describedby')!)?.textContent).toBe('Switch in your wallet app')
    act(() => fireEvent.click(blocked))
    fireEvent.keyDown(blocked, { key: 'Enter' })
    expect(onSelect).not.toHaveBeenCalled()
    // Still open: the reason stays readable; another chain still works.
    expect(screen.getByRole('menu')).toBeTruthy()
    expect(screen.getByTestId('chain-option-31337').getAttribute('aria-disabled')).toBeNull()
    act(() => fireEvent.click(screen.getByTestId('chain-option-31337')))
    expect(onSelect).toHaveBeenCalledWith(31337)
  })
})
