import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProcessGroup } from './processes';

describe('ProcessGroup.exit', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('stops every child, then exits once with the code of the first call', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const group = new ProcessGroup();
    const child = group.spawn('sleep', ['30'], { stdio: 'ignore' });
    const signal = new Promise((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
    // Ctrl-C (130) closes the browser, whose close handler asks for 0 while the first stop is still under way.
    const first = group.exit(130);
    const second = group.exit(0);
    await Promise.all([first, second]);
    expect(await signal).toBe('SIGTERM');
    expect(exit.mock.calls).toEqual([[130]]);
  });
});
