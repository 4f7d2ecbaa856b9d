import { ArrowLeft, ArrowUp, Printer } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { getContactEmail, PRODUCT_NAME } from '@/lib/product';
import { useActiveSection } from '../hooks/use-active-section';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import {
  EXTERNAL_LINKS,
  LEGAL_DOCUMENTS,
  LEGAL_LAST_UPDATED,
  parseBlocks,
  sectionLinkTag,
  type LegalBlock,
  type LegalDocumentSpec,
} from '../utils/legal-documents';
import './legal-document.css';

/** Every tag a legal text may use: emphasis, the contact address, app pages, other sections. */
function useTextComponents(email: string): Record<string, ReactElement> {
  return useMemo(() => {
    const components: Record<string, ReactElement> = {
      strong: <strong />,
      email: <a href={`mailto:${email}`} />,
      account: <Link to="/your-account" />,
      terms: <Link to={LEGAL_DOCUMENTS.terms.path} />,
      privacy: <Link to={LEGAL_DOCUMENTS.privacy.path} />,
    };
    for (const [tag, href] of Object.entries(EXTERNAL_LINKS)) {
      components[tag] = <a href={href} rel="noreferrer" />;
    }
    for (const doc of Object.values(LEGAL_DOCUMENTS)) {
      for (const id of doc.sections) components[sectionLinkTag(id)] = <a href={`#${id}`} />;
    }
    return components;
  }, [email]);
}

/**
 * A legal document of spec §2 (the privacy policy or the terms): title, "Last updated",
 * a table of contents, and numbered sections whose headings carry anchors. The text is
 * in the `legal` namespace; the product name and contact address come from configuration.
 */
export function LegalDocument({ doc }: { doc: LegalDocumentSpec }) {
  const { t } = useTranslation('legal');
  const email = getContactEmail();
  const values = useMemo(() => ({ product: PRODUCT_NAME, email }), [email]);
  const components = useTextComponents(email);
  const active = useActiveSection(doc.sections);
  useScrollToHash();

  const title = t(`${doc.key}.title`);
  useDocumentTitle(title);
  const related = LEGAL_DOCUMENTS[doc.related];
  const titleId = `${doc.key}-title`;
  const tocId = `${doc.key}-contents`;

  const text = (key: string) => (
    <Trans t={t} i18nKey={key} values={values} components={components} />
  );

  const sections = doc.sections.map((id) => {
    const base = `${doc.key}.sections.${id}`;
    const raw: unknown = t(`${base}.blocks`, { returnObjects: true });
    return { id, title: t(`${base}.title`, values), blocks: parseBlocks(raw, `${base}.blocks`) };
  });

  return (
    <article className="legal" aria-labelledby={titleId}>
      <header className="legal__header">
        <Link to="/" className="legal__back">
          <ArrowLeft aria-hidden="true" size={16} />
          {t('backHome')}
        </Link>
        <h1 id={titleId} className="legal__title">
          {title}
        </h1>
        <p className="legal__lead">{t(`${doc.key}.lead`, values)}</p>
        <div className="legal__meta">
          <p className="legal__updated">
            <time dateTime={LEGAL_LAST_UPDATED}>{t('lastUpdated')}</time>
          </p>
          <Button variant="ghost" size="sm" className="legal__print" onClick={() => window.print()}>
            <Printer aria-hidden="true" size={16} />
            {t('print')}
          </Button>
        </div>
      </header>

      <nav className="legal-toc" aria-labelledby={tocId}>
        <h2 id={tocId} className="legal-toc__title">
          {t('contents')}
        </h2>
        <ol className="legal-toc__list">
          {sections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="legal-toc__link"
                aria-current={active === s.id ? 'location' : undefined}
              >
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="legal__body">
        {sections.map((s, i) => (
          <section key={s.id} className="legal-section" aria-labelledby={s.id}>
            <div className="legal-section__head">
              <h2 id={s.id} className="legal-section__title">
                <span className="legal-section__number" aria-hidden="true">
                  {i + 1}.
                </span>
                {s.title}
              </h2>
              <a
                href={`#${s.id}`}
                className="legal-section__anchor"
                aria-label={t('sectionLink', { title: s.title })}
              >
                #
              </a>
            </div>
            {s.blocks.map((block, j) => (
              <Block key={j} block={block} text={text} />
            ))}
          </section>
        ))}
      </div>

      <footer className="legal__footer">
        <p>
          <Trans
            t={t}
            i18nKey="related"
            values={{ title: t(`${related.key}.title`) }}
            components={{ doc: <Link to={related.path} /> }}
          />
        </p>
        <a href={`#${titleId}`} className="legal__top">
          <ArrowUp aria-hidden="true" size={16} />
          {t('backToTop')}
        </a>
      </footer>
    </article>
  );
}

function Block({ block, text }: { block: LegalBlock; text: (key: string) => ReactElement }) {
  switch (block.kind) {
    case 'p':
      return <p>{text(block.key)}</p>;
    case 'note':
      return <p className="legal-note">{text(block.key)}</p>;
    case 'h':
      return <h3 className="legal-section__subtitle">{text(block.key)}</h3>;
    case 'list':
      return (
        <ul className="legal-list">
          {block.items.map((key) => (
            <li key={key}>{text(key)}</li>
          ))}
        </ul>
      );
    case 'terms':
      return (
        <dl className="legal-terms">
          {block.items.map((item) => (
            <div key={item.term} className="legal-terms__item">
              <dt>{text(item.term)}</dt>
              <dd>{text(item.text)}</dd>
            </div>
          ))}
        </dl>
      );
  }
}
