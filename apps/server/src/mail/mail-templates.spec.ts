import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@washboard/contracts';
import { renderMail, type TMailKind } from './mail-templates';

const LINK = 'http://localhost:8080/login?mode=reset&token=abc_DEF-123&email=kitchen%40example.com';
const WITH_LINK: TMailKind[] = ['passwordReset', 'emailTaken', 'approvalRequested'];

describe('mails with a link', () => {
  for (const lang of SUPPORTED_LANGUAGES) {
    for (const kind of WITH_LINK) {
      it(`${kind} in ${lang}: the plain text has the link alone on its line, nothing stuck to it`, () => {
        const mail = renderMail(kind, { brand: 'LUMINA', lang, firstName: 'Ada', link: LINK });
        // A mail client turns what follows "http" up to white space into the link: a full stop there broke it.
        const lines = mail.text.split('\n');
        expect(lines).toContain(LINK);
        expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([LINK]);
      });

      it(`${kind} in ${lang}: the HTML links exactly the address, in a paragraph of its own`, () => {
        const mail = renderMail(kind, { brand: 'KESTREL', lang, firstName: 'Ada', link: LINK });
        const escaped = LINK.replace(/&/g, '&amp;').replace(/[.?]/g, '\\$&');
        expect(mail.html).toMatch(new RegExp(`<p[^>]*><a href="${escaped}"[^>]*>${escaped}</a></p>`));
      });
    }
  }
});
