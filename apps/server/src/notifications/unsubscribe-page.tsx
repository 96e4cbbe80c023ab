import { BRANDS, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { translate } from '../i18n/translate';
import { renderMailDocument } from '../mail/mail-templates';
import { MailLayout } from '../mail/components/MailLayout';
import { MailText } from '../mail/components/MailParts';
import { mailAccent } from '../mail/mail-theme';

/**
 * The small page of an unsubscribe link, in the mails' layout, language and brand: its title, the
 * message and, with `action`, the button that POSTs there.
 */
export function UnsubscribePage(props: { brand: TBrandCode; lang: TLanguage; message: string; action?: string }) {
  const { brand, lang } = props;
  const footer = translate(lang, 'layout.footer', { year: BRANDS[brand].copyrightYear, brand: BRANDS[brand].title });
  return (
    <MailLayout brand={brand} lang={lang} footer={footer}>
      <h1 style={{ fontSize: 20 }}>{translate(lang, 'unsubscribe.title')}</h1>
      <MailText>{props.message}</MailText>
      {props.action ? (
        <form method="post" action={props.action} style={{ margin: '0 0 16px' }}>
          <button
            type="submit"
            style={{
              background: mailAccent(brand),
              color: '#ffffff',
              border: 0,
              borderRadius: 4,
              padding: '10px 18px',
              fontSize: 15,
              cursor: 'pointer',
            }}
          >
            {translate(lang, 'unsubscribe.button')}
          </button>
        </form>
      ) : null}
    </MailLayout>
  );
}

/** The unsubscribe page's HTML. */
export function unsubscribePageHtml(props: { brand: TBrandCode; lang: TLanguage; message: string; action?: string }): string {
  return renderMailDocument(<UnsubscribePage {...props} />).html;
}
