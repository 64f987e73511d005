import { describe, expect, it } from 'vitest';
import { sampleContent } from '../test/sample-content.js';
import { attachmentDisposition, cvFileName } from './cv-file-name.js';

describe('the CV file name', () => {
  it("is the owner's name in the CV's language, with a Latin-script name for clients that only read filename", () => {
    const content = sampleContent();
    expect(cvFileName(content, 'english', 'pdf')).toEqual({
      ascii: 'Aziza-Test-CV-en.pdf',
      unicode: 'Aziza-Test-CV-en.pdf',
    });
    expect(cvFileName(content, 'russian', 'json')).toEqual({
      ascii: 'Aziza-Test-CV-ru.json',
      unicode: 'Азиза-Тест-CV-ru.json',
    });
  });

  it('drops marks, ʻ and characters no file system takes', () => {
    const content = sampleContent();
    content.identity.first_name = { lotin: 'Oʻgʻiloy', russian: 'Угилой', english: 'Ogiloy' };
    content.identity.last_name = { lotin: 'José/"Núñez"', russian: 'Нуньес', english: 'Nunez' };
    expect(cvFileName(content, 'lotin', 'pdf')).toEqual({
      ascii: 'Ogiloy-Jose-Nunez-CV-uz.pdf',
      unicode: 'Oʻgʻiloy-José-Núñez-CV-uz.pdf',
    });
  });

  it('is sent as an attachment with both names, the UTF-8 one percent-encoded', () => {
    expect(attachmentDisposition({ ascii: 'A-B-CV-ru.pdf', unicode: "Ая'(б)*-CV-ru.pdf" })).toBe(
      `attachment; filename="A-B-CV-ru.pdf"; filename*=UTF-8''%D0%90%D1%8F%27%28%D0%B1%29%2A-CV-ru.pdf`,
    );
  });
});
