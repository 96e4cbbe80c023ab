import type { TLanguage } from '@washboard/contracts';
import type { Mailer } from '../mail/mailer';
import { renderMail, type TMailKind, type TMailValues } from '../mail/mail-templates';
import type { TUser } from './account.repository';

/** Queues the account mail `kind` for `user`, in the user's brand and language. */
export async function mailAccount(mailer: Mailer, user: TUser, kind: TMailKind, extra: TMailValues = {}): Promise<void> {
  await mailer.enqueue(
    user.brand,
    user.email,
    renderMail(kind, { brand: user.brand, lang: user.language as TLanguage, firstName: user.firstName, ...extra }),
  );
}
