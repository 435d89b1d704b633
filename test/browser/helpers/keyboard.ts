import { sendKeys } from '@web/test-runner-commands';

/** The element that really has focus, through open shadow roots. */
export function deepActive(): Element | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/** Presses `key` (a real key press through the browser) `times` times. */
export async function press(key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await sendKeys({ press: key });
}

/** Presses `key` while `modifier` is held down (`chord('Shift', 'Tab')`). */
export async function chord(modifier: string, key: string): Promise<void> {
  await sendKeys({ down: modifier });
  await press(key);
  await sendKeys({ up: modifier });
}
