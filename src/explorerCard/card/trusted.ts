/**
 * Wraps a card event handler so it runs only for events the browser made from the person's own input. The card sits
 * inside a page we do not trust: its shadow root is closed, but a page that reaches an element anyway (a future
 * open root, an element handed out by a library) could still dispatch synthetic `input`, `change` or `click`
 * events, each spending the person's API key. `isTrusted` is false for every event a script creates.
 */
export function trusted<E extends Event>(handler: (event: E) => void): (event: E) => void {
  return (event) => {
    if (event.isTrusted) handler(event);
  };
}
