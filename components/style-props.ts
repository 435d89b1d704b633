import { noChange } from 'lit';
import { Directive, PartType, directive, type ElementPart, type PartInfo } from 'lit/directive.js';

/** CSS properties by name (`top`, `color`, `--x`); `undefined` or `''` removes one. */
export type StyleProps = Readonly<Record<string, string | undefined>>;

/**
 * Sets inline styles through the CSSOM (`element.style.setProperty`), never as a `style` attribute:
 * Lit's `styleMap` writes its first render as attribute text, which a Content-Security-Policy without
 * `'unsafe-inline'` in `style-src` refuses. Used in element position: `<span ${styleProps({ color })}>`.
 */
class StylePropsDirective extends Directive {
  #set = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('styleProps() belongs in element position');
  }

  render(_props: StyleProps): unknown {
    return noChange;
  }

  override update(part: ElementPart, [props]: [StyleProps]): unknown {
    const style = (part.element as HTMLElement).style;
    for (const name of this.#set)
      if (props[name] === undefined || props[name] === '') {
        style.removeProperty(toCss(name));
        this.#set.delete(name);
      }
    for (const name in props) {
      const value = props[name];
      if (value === undefined || value === '') continue;
      style.setProperty(toCss(name), value);
      this.#set.add(name);
    }
    return noChange;
  }
}

/** `marginTop` → `margin-top`; custom properties and dashed names as they are. */
function toCss(name: string): string {
  return name.includes('-') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export const styleProps = directive(StylePropsDirective);
