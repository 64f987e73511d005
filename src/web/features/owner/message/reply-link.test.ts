import { describe, expect, it } from 'vitest';
import { replyLink } from './reply-link.js';

describe('replyLink', () => {
  it('addresses the visitor with a Re: subject and the message quoted line by line', () => {
    const link = replyLink({
      email: 'olga+site@example.ru',
      subject: 'Re: ваше сообщение',
      quoteHeader: 'Ольга wrote:',
      message: 'Нужен логотип.\nИ сайт & визитки?',
    });
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('olga+site@example.ru');
    expect(url.searchParams.get('subject')).toBe('Re: ваше сообщение');
    expect(url.searchParams.get('body')).toBe('\n\nОльга wrote:\n> Нужен логотип.\n> И сайт & визитки?\n');
  });
});
