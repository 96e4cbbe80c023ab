import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { TBrandCode } from '@washboard/contracts';
import { mailAccent } from '../mail-theme';

const PARAGRAPH: CSSProperties = { fontSize: 15, lineHeight: 1.5, margin: '16px 0' };

/** A paragraph of a mail's body; `style` adds to (or overrides) the body's type. */
export function MailText(props: { style?: CSSProperties; children: ReactNode }) {
  return <Text style={{ ...PARAGRAPH, ...props.style }}>{props.children}</Text>;
}

/** A block of a mail's body in a paragraph's type, for content a paragraph cannot hold (a list). */
export function MailBlock(props: { style?: CSSProperties; children: ReactNode }) {
  return <div style={{ ...PARAGRAPH, ...props.style }}>{props.children}</div>;
}

/**
 * A link in the brand's colour. In the plain text it is its words then its address (its address
 * once when it shows the address); `data-text` "href" makes it its address alone, "label" its words alone.
 */
export function MailLink(props: {
  brand: TBrandCode;
  href: string;
  style?: CSSProperties;
  'data-text'?: 'href' | 'label';
  children?: ReactNode;
}) {
  return (
    <Link href={props.href} data-text={props['data-text']} style={{ color: mailAccent(props.brand), ...props.style }}>
      {props.children ?? props.href}
    </Link>
  );
}

/** Lines kept apart by `<br>` (in the text, by line breaks). */
export function Lines(props: { lines: readonly ReactNode[] }) {
  return props.lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A translated body as paragraphs (its blank lines) and lines (its single line breaks), as in the
 * plain text: its code (a verification code) set large and its link clickable in the brand's colour.
 */
export function TranslatedBody(props: { body: string; brand: TBrandCode; code?: string; link?: string }) {
  const { code, link } = props;
  const marks = [code, link].filter((v): v is string => Boolean(v));
  const pattern = marks.length > 0 ? new RegExp(`(${marks.map(escapeRegExp).join('|')})`) : undefined;
  const marked = (line: string): ReactNode =>
    pattern
      ? line.split(pattern).map((part, i) =>
          part === link ? (
            <MailLink key={i} brand={props.brand} href={part} />
          ) : part === code ? (
            <strong key={i} style={{ fontSize: 22, letterSpacing: 6 }}>
              {part}
            </strong>
          ) : (
            part
          ),
        )
      : line;
  return props.body.split(/\n{2,}/).map((paragraph, i) => (
    <MailText key={i}>
      <Lines lines={paragraph.split('\n').map(marked)} />
    </MailText>
  ));
}

/**
 * One item of a notification mail (an alarm, a threshold notice): a bold head and lines under it,
 * then the link to its machine after `openLabel`, behind a bar of the brand's colour.
 */
export function MailItem(props: { brand: TBrandCode; head: string; lines: readonly string[]; openLabel: string; link: string }) {
  return (
    <MailText style={{ borderLeft: `4px solid ${mailAccent(props.brand)}`, paddingLeft: 12 }}>
      <Lines
        lines={[
          <strong key="head">{props.head}</strong>,
          ...props.lines,
          <Fragment key="open">
            {props.openLabel}
            <MailLink brand={props.brand} href={props.link} />
          </Fragment>,
        ]}
      />
    </MailText>
  );
}
