/** Whether a key pressed on `origin` (`composedPath()[0]`) is typed text: a text field's own key. */
export function isEditableTarget(origin: EventTarget | undefined): boolean {
  return (
    origin instanceof HTMLElement && (origin.isContentEditable || /^(input|textarea|select)$/.test(origin.localName))
  );
}
