import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import i18n from '@/lib/i18n';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));

const PRIVACY_HEADINGS = [
  'About this policy',
  'Information we collect',
  'How we use information',
  'How we share information',
  'Cookies and similar technologies',
  'Advertising vendors and opt-out tools',
  'Legal bases for processing (GDPR)',
  'Your rights under the GDPR',
  'California privacy rights (CCPA)',
  'Do-Not-Track signals',
  'Children’s privacy',
  'Your data: download and delete',
  'How long we keep information',
  'How we protect information',
  'International transfers',
  'Changes to this policy',
  'Contact us',
];

const TERMS_HEADINGS = [
  'Agreement to these terms',
  'Definitions',
  'User accounts',
  'Orders and cancellation',
  'Payments',
  'Subscriptions',
  'In-app purchases',
  'Returns and refunds',
  'Content rules',
  'Copyright and DMCA',
  'Suspension and termination',
  'Disclaimers',
  'Limitation of liability',
  'Governing law and disputes',
  'Changes to these terms',
  'General',
  'Contact us',
];

// Load the lazy page chunks once up front, so no single test pays for the first transform.
beforeAll(async () => {
  await Promise.all([import('./privacy-policy'), import('./terms-and-conditions')]);
}, 60_000);

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedOut());
});

afterEach(async () => {
  delete window.__OTAKURA__;
  await i18n.changeLanguage('en');
});

async function openDocument(path: string, title: string) {
  const utils = renderRoute(path);
  // The page is a lazy chunk: the first import in a test run can take a while.
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
  return utils;
}

/**
 * The document's sections by heading text (one role query per render: role queries walk
 * the whole, long document).
 */
function sectionsByTitle(): Map<string, HTMLElement> {
  return new Map(
    screen
      .getAllByRole('heading', { level: 2 })
      .filter((h) => h.closest('section'))
      .map((h) => [h.textContent!.replace(/^\d+\./, ''), h.closest('section')!]),
  );
}

function tableOfContents() {
  return screen.getByRole('navigation', { name: /contents|目次/i });
}

/** The section headings in reading order, as the table of contents lists them. */
function tocTitles() {
  return within(tableOfContents())
    .getAllByRole('link')
    .map((a) => a.textContent);
}

// Long documents in jsdom: give each test room on a busy machine.
describe('legal pages (spec §2)', { timeout: 30_000 }, () => {
  it('shows the privacy policy to a signed-out visitor, last updated May 23, 2022, with every section', async () => {
    await openDocument('/privacy-policy', 'Privacy Policy');

    expect(screen.getByText('Last updated May 23, 2022')).toHaveAttribute('datetime', '2022-05-23');
    expect(tocTitles()).toEqual(PRIVACY_HEADINGS);
    expect([...sectionsByTitle().keys()]).toEqual(PRIVACY_HEADINGS);
    // Headings are named by their text alone (the number and the '#' link stay out).
    expect(screen.getByRole('region', { name: 'Advertising vendors and opt-out tools' })).toBe(
      sectionsByTitle().get('Advertising vendors and opt-out tools'),
    );
    expect(document.title).toBe('Privacy Policy · Otakura');
  });

  it('shows the terms with every section and the six defined terms', async () => {
    await openDocument('/terms-and-conditions', 'Terms and Conditions');

    expect(screen.getByText('Last updated May 23, 2022')).toBeInTheDocument();
    expect(tocTitles()).toEqual(TERMS_HEADINGS);
    const sections = sectionsByTitle();
    expect([...sections.keys()]).toEqual(TERMS_HEADINGS);
    const definitions = within(sections.get('Definitions')!);
    for (const term of [
      'Account',
      'Content',
      'Goods',
      'Orders',
      'Subscriptions',
      'In-app Purchase',
    ]) {
      expect(definitions.getByText(term, { selector: 'dt' })).toBeInTheDocument();
    }
  });

  it('shows the privacy policy at /user-agreement too', async () => {
    await openDocument('/user-agreement', 'Privacy Policy');
    expect(tocTitles()).toEqual(PRIVACY_HEADINGS);
  });

  it('states the figures of spec §9 in the text', async () => {
    const privacy = await openDocument('/privacy-policy', 'Privacy Policy');
    let sections = sectionsByTitle();
    const ccpa = sections.get('California privacy rights (CCPA)')!;
    expect(ccpa).toHaveTextContent('within 45 days of receiving it');
    expect(ccpa).toHaveTextContent('extend this once by another 45 days');
    expect(ccpa).toHaveTextContent('covers the 12 months before we received your request');
    const children = sections.get('Children’s privacy')!;
    expect(children).toHaveTextContent('under 13');
    expect(children).toHaveTextContent(
      'between 13 and 16 years old unless that person has opted in',
    );
    for (const item of [
      'first and last name',
      'date of birth',
      'gender',
      'grade level',
      'e-mail address',
      'telephone number',
      'the parent’s name',
      'the parent’s e-mail address',
    ]) {
      expect(within(children).getByText(new RegExp(`^${item}[;.]$`))).toBeInTheDocument();
    }
    privacy.unmount();

    await openDocument('/terms-and-conditions', 'Terms and Conditions');
    sections = sectionsByTitle();
    expect(sections.get('User accounts')).toHaveTextContent('at least 18 years old');
    expect(sections.get('Limitation of liability')).toHaveTextContent(
      'limited to the amount you actually paid through the Service or, if you have not bought anything, 100 USD',
    );
    expect(sections.get('Changes to these terms')).toHaveTextContent('at least 30 days’ notice');
    expect(sections.get('Returns and refunds')).toHaveTextContent('within 14 days of receipt');
    expect(sections.get('Subscriptions')).toHaveTextContent('daily, weekly, monthly or annually');
  });

  it('shows the configured contact address as an e-mail link', async () => {
    window.__OTAKURA__ = { contactEmail: 'legal@example.org' };
    await openDocument('/privacy-policy', 'Privacy Policy');

    const contact = within(sectionsByTitle().get('Contact us')!);
    expect(contact.getByRole('link', { name: 'legal@example.org' })).toHaveAttribute(
      'href',
      'mailto:legal@example.org',
    );
  });

  it('falls back to privacy@<host> when no address is configured', async () => {
    await openDocument('/terms-and-conditions', 'Terms and Conditions');
    const contact = within(sectionsByTitle().get('Contact us')!);
    expect(contact.getByRole('link', { name: 'privacy@localhost' })).toHaveAttribute(
      'href',
      'mailto:privacy@localhost',
    );
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-and-conditions', 'Terms and Conditions'],
  ])(
    '%s: every table-of-contents link and in-page link points to an existing heading',
    async (path, title) => {
      await openDocument(path, title);

      const tocLinks = within(tableOfContents()).getAllByRole('link');
      for (const link of tocLinks) {
        const href = link.getAttribute('href')!;
        expect(href).toMatch(/^#[a-z-]+$/);
        const target = document.getElementById(href.slice(1));
        expect(target?.tagName).toBe('H2');
        expect(target).toHaveTextContent(link.textContent!);
      }

      // Links written inside the text (to other sections) and the headings' '#' links.
      for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
        expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
      }
    },
  );

  it('gives each heading a "#" link with an accessible name', async () => {
    await openDocument('/terms-and-conditions', 'Terms and Conditions');
    const anchor = screen.getByRole('link', { name: 'Link to the section “Copyright and DMCA”' });
    expect(anchor).toHaveAttribute('href', '#copyright');
    expect(anchor).toHaveTextContent('#');
  });

  it('links to Your Account for downloading and deleting data, and home', async () => {
    await openDocument('/privacy-policy', 'Privacy Policy');
    const yourData = within(sectionsByTitle().get('Your data: download and delete')!);
    expect(yourData.getByText('Download my data')).toBeInTheDocument();
    expect(yourData.getByText('Delete Account')).toBeInTheDocument();
    expect(yourData.getAllByRole('link', { name: 'Your Account' })[0]).toHaveAttribute(
      'href',
      '/your-account',
    );
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    const related = screen.getByText(/Also read our/);
    expect(within(related).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
  });

  it('leaves no raw markup or placeholders in the text', async () => {
    for (const [path, title] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-and-conditions', 'Terms and Conditions'],
    ] as const) {
      const { unmount } = await openDocument(path, title);
      const text = document.querySelector('article')!.textContent!;
      expect(text).not.toMatch(/<\/?[a-zA-Z]+\/?>|\{\{|\}\}/);
      expect(text).toContain('Otakura');
      unmount();
    }
  });

  it('renders both documents in Japanese after switching the language', async () => {
    await i18n.changeLanguage('ja');
    const terms = await openDocument('/terms-and-conditions', '利用規約');
    expect(screen.getByText('最終更新日：2022年5月23日')).toBeInTheDocument();
    const sections = sectionsByTitle();
    for (const name of [
      '定義',
      'ユーザーアカウント',
      '注文とキャンセル',
      'サブスクリプション',
      '責任の制限',
      '本規約の変更',
    ]) {
      expect(sections.has(name)).toBe(true);
    }
    expect(sections.get('責任の制限')).toHaveTextContent('100米ドル');
    terms.unmount();

    await openDocument('/privacy-policy', 'プライバシーポリシー');
    expect(screen.getByRole('navigation', { name: '目次' })).toBeInTheDocument();
    const privacySections = sectionsByTitle();
    for (const name of [
      '子どものプライバシー',
      'カリフォルニア州のプライバシー権（CCPA）',
      'お問い合わせ',
    ]) {
      expect(privacySections.has(name)).toBe(true);
    }
    expect(screen.getByRole('link', { name: '「お問い合わせ」へのリンク' })).toHaveAttribute(
      'href',
      '#contact',
    );
    await waitFor(() => expect(document.title).toBe('プライバシーポリシー · Otakura'));
  });
});
