import { describe, expect, it } from 'vitest';
import { pooled } from './mailer';

describe('the SMTP connection', () => {
  it('is pooled unless the URL says otherwise, keeping the credentials and other options', () => {
    expect(pooled('smtp://127.0.0.1:2525')).toBe('smtp://127.0.0.1:2525?pool=true');
    expect(pooled('smtps://us%40er:p%3Ass@mail.example.com:465?requireTLS=true')).toBe(
      'smtps://us%40er:p%3Ass@mail.example.com:465?requireTLS=true&pool=true',
    );
    expect(pooled('smtp://mail.example.com:587?pool=false')).toBe('smtp://mail.example.com:587?pool=false');
  });
});
