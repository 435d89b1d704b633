import { expect } from '@open-wc/testing';
import type { MockStep, RecordedRequest } from '../../mock-model/mock-step.js';

/** Resets the file's mock model (at `root`, the base URL without `/v1`) and queues `steps`. */
export async function scriptMock(root: string, steps: MockStep[]): Promise<void> {
  await fetch(`${root}/__mock/reset`, { method: 'POST' });
  const response = await fetch(`${root}/__mock/script`, { method: 'POST', body: JSON.stringify(steps) });
  expect(response.ok).to.equal(true);
}

/** The chat completion requests the file's mock model received, oldest first. */
export async function mockRequests(root: string): Promise<RecordedRequest[]> {
  return (await fetch(`${root}/__mock/requests`)).json() as Promise<RecordedRequest[]>;
}
