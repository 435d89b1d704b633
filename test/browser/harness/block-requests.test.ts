import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { openFrame, type FrameWindow } from '../helpers/test-frame.js';

// The runner's `block-requests` command (scripts/block-requests.js), which the chunk-offline tests rely on:
// what a test blocked must stay blocked for every request the page starts after the call resolves, and
// nothing else.

/** Whether `win` gets `path` (a file the test server has), or a network error. */
function fetched(win: FrameWindow, path: string): Promise<'fetched' | 'failed'> {
  return win.fetch(path, { cache: 'no-store' }).then(
    () => 'fetched',
    () => 'failed',
  );
}

describe('block-requests', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('calls made one after the other without waiting take effect in that order: the last one holds', async () => {
    const { frame, win } = await openFrame('/test/pages/script-tag-empty.html');
    for (let i = 0; i < 5; i++) {
      // A test that moves on without waiting for its block (or one whose time ran out), then lets everything through.
      const block = executeServerCommand('block-requests', { pattern: 'package\\.json' });
      await executeServerCommand('block-requests', { pattern: null });
      await block;
      expect(await fetched(win, `/package.json?unblocked=${i}`), `round ${i}: unblocked last`).to.equal('fetched');

      const unblock = executeServerCommand('block-requests', { pattern: null });
      await executeServerCommand('block-requests', { pattern: 'package\\.json' });
      await unblock;
      expect(await fetched(win, `/package.json?blocked=${i}`), `round ${i}: blocked last`).to.equal('failed');
      await executeServerCommand('block-requests', { pattern: null });
    }
    frame.remove();
  });

  it('holds in every frame for a request made the moment it resolves, also for a file another frame already has', async () => {
    const frames = await Promise.all([1, 2, 3].map(() => openFrame('/test/pages/script-tag-empty.html')));
    for (const { win } of frames) expect(await fetched(win, '/package.json')).to.equal('fetched');
    for (let i = 0; i < 5; i++) {
      await executeServerCommand('block-requests', { pattern: 'package\\.json' });
      const results = frames.map(({ win }) => fetched(win, `/package.json?round=${i}`));
      expect(await Promise.all(results), `round ${i}`).to.deep.equal(['failed', 'failed', 'failed']);
      await executeServerCommand('block-requests', { pattern: null });
      expect(await fetched(frames[0].win, `/package.json?after=${i}`)).to.equal('fetched');
    }
    for (const { frame } of frames) frame.remove();
  });

  it('a held request goes on at the next call, and other requests are not held meanwhile', async () => {
    const { frame, win } = await openFrame('/test/pages/script-tag-empty.html');
    await executeServerCommand('block-requests', { pattern: 'package\\.json', hold: true });
    let held: string | null = null;
    void fetched(win, '/package.json?held').then((r) => (held = r));
    expect(await fetched(win, '/README.md')).to.equal('fetched');
    await new Promise((r) => setTimeout(r, 200));
    expect(held, 'still waiting').to.equal(null);
    await executeServerCommand('block-requests', { pattern: null });
    await new Promise<void>((resolve) => {
      const check = () => (held ? resolve() : setTimeout(check, 20));
      check();
    });
    expect(held).to.equal('fetched');
    frame.remove();
  });
});
