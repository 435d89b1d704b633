import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IndicatorInstance } from '../../../src/core/state/index.js';
import { orderedPaneLayout } from '../../../src/core/state/ordered-pane-layout.js';

const study = (paneId: string): IndicatorInstance => ({
  instanceId: `i-${paneId}`,
  definitionId: 'X',
  params: {},
  paneId,
});

test('orderedPaneLayout: price first, the stored panes in order, then the panes studies use that are not stored', () => {
  assert.deepEqual(orderedPaneLayout([], []), [{ id: 'price', weight: 3 }]);
  assert.deepEqual(
    orderedPaneLayout(
      [
        { id: 'a', weight: 2 },
        { id: 'price', weight: 5 },
        { id: 'b', weight: 1 },
      ],
      [study('price'), study('b'), study('c'), study('c'), study('d')],
    ),
    [
      { id: 'price', weight: 5 },
      { id: 'a', weight: 2 },
      { id: 'b', weight: 1 },
      { id: 'c', weight: 1 },
      { id: 'd', weight: 1 },
    ],
  );
  assert.deepEqual(orderedPaneLayout([{ id: 'v', weight: 2 }], [study('price')]), [
    { id: 'price', weight: 3 },
    { id: 'v', weight: 2 },
  ]);
});
