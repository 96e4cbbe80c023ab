import type { TBrandCode, TLanguage } from '@washboard/contracts';
import { MailLayout } from './components/MailLayout';
import { MailLink, MailText } from './components/MailParts';
import { renderMailDocument } from './mail-templates';

type TIndex = {
  lang: TLanguage;
  brand: TBrandCode;
  /** each kind with its subject in `lang` and `brand` */
  kinds: readonly { kind: string; subject: string }[];
  languages: readonly TLanguage[];
  brands: readonly { code: TBrandCode; title: string }[];
};

/**
 * The demo's mail preview page, in the mails' own layout: the languages and brands to switch to, then
 * every kind of mail — its id, its subject (the link to its HTML) and the link to its plain text. Its
 * only words are the mails' own subjects, in the chosen language, and names that are not translated
 * (language codes, brand names, the kinds' ids and the formats' MIME types).
 */
function MailPreviewIndex(props: TIndex) {
  const { lang, brand } = props;
  const at = (l: TLanguage, b: TBrandCode) => `/dev/mail-preview?lang=${l}&brand=${b}`;
  const of = (kind: string, format: 'html' | 'text') => `/dev/mail-preview/${kind}?lang=${lang}&brand=${brand}&format=${format}`;
  const switcher = (items: readonly { key: string; label: string; href: string; current: boolean }[]) =>
    items.map((item, i) => (
      <span key={item.key}>
        {i > 0 ? ' · ' : null}
        {item.current ? (
          <strong>{item.label}</strong>
        ) : (
          <MailLink brand={brand} href={item.href}>
            {item.label}
          </MailLink>
        )}
      </span>
    ));
  return (
    <MailLayout brand={brand} lang={lang} footer={null}>
      <MailText>
        {switcher(props.languages.map((l) => ({ key: l, label: l, href: at(l, brand), current: l === lang })))}
        <br />
        {switcher(props.brands.map((b) => ({ key: b.code, label: b.title, href: at(lang, b.code), current: b.code === brand })))}
      </MailText>
      <table role="presentation" cellPadding={6} style={{ borderCollapse: 'collapse', fontSize: 14, width: '100%' }}>
        <tbody>
          {props.kinds.map(({ kind, subject }) => (
            <tr key={kind} style={{ borderTop: '1px solid #e5e7eb' }}>
              <td>
                <code>{kind}</code>
                <br />
                <MailLink brand={brand} href={of(kind, 'html')}>
                  {subject}
                </MailLink>
              </td>
              <td style={{ whiteSpace: 'nowrap' }}>
                <MailLink brand={brand} href={of(kind, 'text')}>
                  text/plain
                </MailLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </MailLayout>
  );
}

/** The preview page's HTML. */
export function mailPreviewIndexHtml(props: TIndex): string {
  return renderMailDocument(<MailPreviewIndex {...props} />).html;
}
