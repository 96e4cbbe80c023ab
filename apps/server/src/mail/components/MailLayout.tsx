import type { ReactNode } from 'react';
// Each component from its own package: `@react-email/components` also loads the code block's Prism,
// Tailwind and Markdown, about half a second of every server start (docs/decisions.md).
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { BRANDS, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { mailAccent, MUTED } from '../mail-theme';

// Readers that honour prefers-color-scheme get dark colours; the others keep the inline light ones.
const DARK_SCHEME = `@media (prefers-color-scheme: dark) {
  .wb-page { background:#111418 !important; color:#e5e7eb !important; }
  .wb-card { background:#1c2128 !important; }
  .wb-footer { color:#9ca3af !important; }
  .wb-rule { border-top-color:#2d333b !important; }
}`;

/**
 * Every mail's page (and the unsubscribe link's): the brand's band with its name and colour, the
 * content, then a rule and the footer. Fluid up to 560 px, so a phone's 390 px too. The band is left
 * out of the plain text, and the rule becomes the text's `--` signature delimiter.
 */
export function MailLayout(props: {
  brand: TBrandCode;
  lang: TLanguage;
  /** the line a mail client shows after the subject in the inbox */
  preview?: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  const { brand, lang } = props;
  return (
    <Html lang={lang}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <style dangerouslySetInnerHTML={{ __html: DARK_SCHEME }} />
      </Head>
      {props.preview ? <Preview>{props.preview}</Preview> : null}
      <Body
        className="wb-page"
        style={{
          margin: 0,
          padding: '16px 8px',
          background: '#f4f6f8',
          fontFamily: 'Arial,Helvetica,sans-serif',
          color: '#1f2933',
        }}
      >
        <Container
          className="wb-card"
          style={{ maxWidth: 560, width: '100%', background: '#ffffff', borderRadius: 8, overflow: 'hidden' }}
        >
          <Section
            data-skip-in-text="true"
            style={{ background: mailAccent(brand), color: '#ffffff', padding: '16px 24px', fontSize: 18, fontWeight: 'bold' }}
          >
            {BRANDS[brand].title}
          </Section>
          <Section style={{ padding: '8px 24px', fontSize: 15, lineHeight: 1.5, overflowWrap: 'anywhere' }}>
            {props.children}
          </Section>
          <Hr className="wb-rule" style={{ margin: 0, borderColor: '#e5e7eb' }} />
          <Section
            className="wb-footer"
            style={{ padding: '12px 24px', fontSize: 12, lineHeight: 1.5, color: MUTED, overflowWrap: 'anywhere' }}
          >
            {props.footer}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
