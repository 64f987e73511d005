import DOMPurify from 'dompurify';

// Links the owner writes into their HTML open safely when they leave the site.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The owner's HTML is sanitized before it is rendered: no scripts, handlers or unknown tags. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'img', 'iframe'],
    ADD_ATTR: ['target'],
  });
}
