/** An element a {@link MarkdownOp} may open. Nothing else is ever created from Markdown. */
export type MarkdownTag =
  | 'p'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'ul'
  | 'ol'
  | 'li'
  | 'blockquote'
  | 'table'
  | 'thead'
  | 'tbody'
  | 'tr'
  | 'th'
  | 'td'
  | 'strong'
  | 'em'
  | 's'
  | 'a';

/**
 * One step of a rendered Markdown chunk: a flat, bounded list that a renderer folds with a stack
 * (no recursion). Every string is text; `href` has passed {@link safeHref}.
 */
export type MarkdownOp =
  | {
      readonly op: 'open';
      readonly tag: MarkdownTag;
      /** `ol` start number when it is not 1. */
      readonly start?: number;
      /** `a` target, a safe absolute URL. */
      readonly href?: string;
      /** `th`/`td` alignment of a GFM table column. */
      readonly align?: 'left' | 'center' | 'right';
      /** `li` of a GFM task list. */
      readonly task?: boolean;
    }
  | { readonly op: 'close' }
  | { readonly op: 'text'; readonly text: string }
  /** Inline code span. */
  | { readonly op: 'code'; readonly text: string }
  /** Fenced or indented code block; `lang` is the first word of the info string, or ''. */
  | { readonly op: 'pre'; readonly lang: string; readonly text: string }
  | { readonly op: 'br' }
  | { readonly op: 'hr' }
  /** A task list item's check box (shown disabled). */
  | { readonly op: 'check'; readonly checked: boolean }
  /** The real host of the link just closed, when its text names another one. */
  | { readonly op: 'host'; readonly host: string }
  /** Source shown as it is, as plain text (pre-wrap): content too deep or too large to format. */
  | { readonly op: 'plain'; readonly text: string };
