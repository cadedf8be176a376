// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { inAppPath, sanitizeArticle } from './sanitize-html';

function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = sanitizeArticle(html);
  return div;
}

describe('sanitizeArticle', () => {
  it('keeps the simple tags and their text', () => {
    const html =
      '<h3>Title</h3><p>A <strong>bold</strong> and <em>calm</em> line<br>next</p><ul><li>one</li></ul><ol><li>two</li></ol><h4>Sub</h4>';
    expect(sanitizeArticle(html)).toBe(html);
  });

  it('drops scripts, styles, frames, images, forms and event handlers', () => {
    const out = sanitizeArticle(
      '<p onclick="alert(1)" style="color:red" class="x" id="y">hi</p><script>alert(1)</script><style>p{}</style>' +
        '<iframe src="https://evil.example"></iframe><img src=x onerror="alert(1)"><form><input></form><svg><g/></svg>',
    );
    expect(out).toBe('<p>hi</p>');
  });

  it('unwraps tags that are not allowed but keeps their text', () => {
    expect(sanitizeArticle('<div><span>kept</span> <h1>text</h1></div>')).toBe('kept text');
  });

  it('lets https links open in a new tab without our window or referrer', () => {
    const a = parse('<a href="https://www.kap.org.tr/x" target="_self" rel="opener">KAP</a>').querySelector(
      'a',
    );
    expect(a?.getAttribute('href')).toBe('https://www.kap.org.tr/x');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps in-app links in the same tab', () => {
    const a = parse('<a href="/pages/stock/index?symbol=THYAO">THYAO</a>').querySelector('a');
    expect(a?.getAttribute('href')).toBe('/pages/stock/index?symbol=THYAO');
    expect(a?.hasAttribute('target')).toBe(false);
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a && inAppPath(a)).toBe('/pages/stock/index?symbol=THYAO');
  });

  it('removes the address of javascript:, data:, http: and protocol-relative links', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'http://plain.example',
      '//evil.example/x',
    ]) {
      const a = parse(`<a href="${href}">x</a>`).querySelector('a');
      expect(a?.hasAttribute('href'), href).toBe(false);
    }
    const external = parse('<a href="https://x.example">x</a>').querySelector('a');
    expect(external && inAppPath(external)).toBeNull();
  });
});
