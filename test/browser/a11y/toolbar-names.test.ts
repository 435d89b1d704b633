import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import { readyChart } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';

/** A node of the accessibility tree, as the `ax-tree` command of web-test-runner.config.js gives it. */
interface AxNode {
  role: string;
  name: string;
}

const axTree = (): Promise<AxNode[]> => executeServerCommand<AxNode[], undefined>('ax-tree');

// What a screen reader says for the narrow toolbar's buttons: their words, not the arrow drawn after
// "More" (it was read as "More, down-pointing small triangle").

describe('the narrow toolbar, as a screen reader names it', function () {
  this.timeout(30000);

  for (const [locale, more] of [
    ['en', 'More'],
    ['zh-CN', '更多'],
  ] as const) {
    it(`${locale}: the menu button is "${more}", and no button's name has an ornament in it`, async () => {
      await readyChart(
        html`<kline-chart locale=${locale} style="width:390px;height:500px" indicators="VOL"></kline-chart>`,
      );
      let tree: AxNode[] = [];
      await pollUntil(
        async () => (tree = await axTree()).some((n) => n.role === 'button' && n.name.startsWith(more)),
        'the "More" button in the accessibility tree',
      );
      const buttons = tree.filter((n) => n.role === 'button');
      expect(buttons.filter((n) => n.name.startsWith(more)).map((n) => n.name)).to.deep.equal([more]);
      for (const b of buttons) expect(b.name, `a button named ${JSON.stringify(b.name)}`).to.not.match(/^$|[▾▴▸◂▼▲]/);
    });
  }
});
