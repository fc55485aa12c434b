import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * The popup benchmarks' baseline: an empty Preact component that does only what the measurements wait for, the
 * way the real popup does it: ready (`data-ready`, `popup-ready` mark) as below; typing sends each value to the
 * background and shows the answer, as the token search and the route search do with theirs.
 */
const { chrome } = globalThis as unknown as {
  chrome: { runtime: { sendMessage(message: { echo: string }): Promise<{ echo: string }> } };
};

function Empty() {
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState('');
  const sequence = useRef(0);
  useEffect(() => {
    const mine = ++sequence.current;
    const started = performance.now();
    void chrome.runtime.sendMessage({ echo: query }).then((reply) => {
      if (mine !== sequence.current) return;
      setAnswer(reply.echo);
      // Read by bench/popup.ts like the real popup's `token-search:` measures.
      performance.measure(`echo:${mine}`, { start: started, end: performance.now() });
    });
  }, [query]);
  return (
    <main>
      <input aria-label="Echo" value={query} onInput={(event) => setQuery(event.currentTarget.value)} />
      <output data-testid="echo">{answer}</output>
    </main>
  );
}

render(<Empty />, document.getElementById('app')!);

/**
 * Ready the way the real popup is (src/popup/chainsCache.ts): at once when its own localStorage holds what it shows,
 * as on every opening after the first; otherwise, on a new profile's first opening, once the background has answered.
 */
const KEY = 'empty-popup:opened';
const ready = () => {
  document.documentElement.dataset.ready = 'ready';
  performance.mark('popup-ready');
};
if (localStorage.getItem(KEY)) ready();
else
  void chrome.runtime.sendMessage({ echo: 'first' }).then(() => {
    localStorage.setItem(KEY, '1');
    ready();
  });
