import createDOMPurify, { type DOMPurify } from 'dompurify';

/** News bodies are stored HTML; only these simple tags survive. */
const ALLOWED_TAGS = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'br', 'h3', 'h4'];
/** https links, or in-app paths (a screen's, never protocol-relative "//host"). */
const ALLOWED_URI = /^(?:https:\/\/|\/(?!\/))/i;

let purifier: DOMPurify | null = null;

/** Our own instance, so the link hook never touches other users of DOMPurify. */
function instance(): DOMPurify {
  if (purifier) return purifier;
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (href.toLowerCase().startsWith('https://')) {
      // Another site must get neither our window nor the referrer.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = purify;
  return purify;
}

/** Stored article HTML → markup safe to render (no scripts, styles, handlers, images or frames). */
export function sanitizeArticle(html: string): string {
  return instance().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** The in-app path a rendered link points to, or null for external links (they open a new tab). */
export function inAppPath(anchor: HTMLAnchorElement): string | null {
  const href = anchor.getAttribute('href') ?? '';
  return href.startsWith('/') && !href.startsWith('//') ? href : null;
}
