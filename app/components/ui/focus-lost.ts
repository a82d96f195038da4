/**
 * Whether the keyboard has nowhere to be: focus is on the document itself, or on an element that
 * has left it (the pressed button went with its form or its row). What a page does after a change
 * that took the focused control away.
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}
