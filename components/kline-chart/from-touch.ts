/**
 * Whether a mouse-like event (e.g. `contextmenu`) came from a finger: a PointerEvent with pointerType
 * 'touch', or (older Chrome on Android) a MouseEvent whose source fires touch events.
 */
export function fromTouch(e: MouseEvent): boolean {
  const source = (e as MouseEvent & { readonly sourceCapabilities?: { readonly firesTouchEvents?: boolean } | null })
    .sourceCapabilities;
  return (e as Partial<PointerEvent>).pointerType === 'touch' || source?.firesTouchEvents === true;
}
