import { describe, expect, it } from 'vitest';
import { parsedHtml } from '../test/parsed-html.js';
import { sampleContent } from '../test/sample-content.js';
import { sanitizeHtml, withSanitizedHtml } from './sanitize-html.js';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'span',
  'code',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
];

// Classic vectors (OWASP's filter evasion cheat sheet, mutation XSS, namespace confusion).
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">x</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<style>@import "javascript:alert(1)";</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
  '<div><a href="https://ok.example" target="_self">x</a></div>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<base href="javascript:/"><a href="/x">x</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<input autofocus onfocus=alert(1)><button formaction=javascript:alert(1)>x</button>',
  '"><img src=x onerror=alert(1)>',
  '<p>Salom <strong>do‘stlar</strong><img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:window.pwned=3">x</a></p>',
];

describe('sanitizeHtml', () => {
  it.each(HOSTILE)('leaves nothing that runs in %s', (input) => {
    const output = sanitizeHtml(input);
    const { tags, attributes } = parsedHtml(output);
    expect(tags.every((tag) => ALLOWED_TAGS.includes(tag))).toBe(true);
    expect(attributes.every((attribute) => /^(href|title|target|rel)=/.test(attribute))).toBe(true);
    expect(
      attributes
        .filter((attribute) => attribute.startsWith('href='))
        .every((href) => /^href=(https?:|mailto:|tel:|\/)/.test(href)),
    ).toBe(true);
    // Written back, it parses to itself: no second reading can turn it into something else.
    expect(sanitizeHtml(output)).toBe(output);
  });

  it("keeps the owner's formatting and links, and makes new-tab links safe", () => {
    expect(
      sanitizeHtml(
        '<p>Write <a href="mailto:a@example.com">to me</a> — <strong>I reply</strong><br>soon &amp; gladly</p><ul><li><em>one</em></li></ul>',
      ),
    ).toBe(
      '<p>Write <a href="mailto:a@example.com">to me</a> — <strong>I reply</strong><br>soon &#38; gladly</p><ul><li><em>one</em></li></ul>',
    );
    expect(sanitizeHtml('<a href="https://t.me/x" target="_blank">tg</a>')).toBe(
      '<a href="https://t.me/x" target="_blank" rel="noopener noreferrer">tg</a>',
    );
    expect(sanitizeHtml('<div>plain <font color=red>text</font></div>')).toBe('plain text');
    expect(sanitizeHtml('Salom <strong>do‘stlar</strong><img src=x onerror=alert(1)>')).toBe(
      'Salom <strong>do‘stlar</strong>',
    );
  });

  it("treats elements named like an object's own properties as unknown elements", () => {
    expect(sanitizeHtml('<constructor title="x">one</constructor> <p>two</p>')).toBe('one <p>two</p>');
    expect(sanitizeHtml('<hasOwnProperty>a</hasOwnProperty><valueOf>b</valueOf><toString>c</toString>')).toBe('abc');
    // Not a tag to the HTML parser (a name starts with a letter): text, escaped; its end tag a comment.
    expect(sanitizeHtml('<__proto__>x</__proto__>')).toBe('&#60;__proto__&#62;x');
  });

  it('sanitizes the footer in every language of the content', () => {
    const content = sampleContent();
    content.footer.description.russian = '<p>Привет<script>alert(1)</script></p>';
    const safe = withSanitizedHtml(content);
    expect(safe.footer.description.russian).toBe('<p>Привет</p>');
    expect(safe.footer.description.english).toBe('<p>Hello <strong>there</strong></p>');
    expect(safe.footer.social_links).toEqual(content.footer.social_links);
  });
});
