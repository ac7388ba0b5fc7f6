import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { DEFAULT_CONFIG, mockApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const TERMS_SECTIONS = [
  'Registration',
  'Non-Exclusive Software License',
  'Limited Account',
  'Record Retention',
  'Refund Policy',
  'Compliance with Law',
  'Opt-Outs',
  'No Legal/Financial/Tax Advice',
  'Limitation of Liability',
  'Warranties',
  'Indemnification',
  'Intellectual Property',
  'Technical Support',
  'Non-payment',
  'Contact Us',
];

describe('logged-out routes', () => {
  it('redirects an unknown path to the landing page', async () => {
    mockApi();
    const { location } = renderApp('/campaigns/unknown');

    expect(await screen.findByText(messages.landing.noCarrierRegistration)).toBeInTheDocument();
    await waitFor(() => expect(location.current).toBe('/'));
  });

  it('stores a hash in the URL as the affiliate id', async () => {
    mockApi();
    renderApp('/#partner-42');

    await screen.findByRole('button', { name: 'Try now' });
    await waitFor(() => expect(localStorage.getItem('affId')).toBe('partner-42'));
  });

  it('keeps the affiliate id of a hash on a path that redirects to /', async () => {
    mockApi();
    renderApp('/pricing#partner-42');

    await screen.findByRole('button', { name: 'Try now' });
    expect(localStorage.getItem('affId')).toBe('partner-42');
  });

  it('does not take a landing section anchor for an affiliate id', async () => {
    mockApi();
    renderApp('/#automation');
    await screen.findByRole('button', { name: 'Try now' });
    expect(localStorage.getItem('affId')).toBeNull();
  });

  it('links Book a demo to the configured page', async () => {
    mockApi({
      'GET /api/config': {
        status: 200,
        body: { ...DEFAULT_CONFIG, bookDemoUrl: 'https://cal.example/demo' },
      },
    });
    renderApp('/');

    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Book a demo' })).toHaveAttribute(
        'href',
        'https://cal.example/demo',
      ),
    );
  });

  it('links Book a demo to a mail to the contact address when no page is configured', async () => {
    mockApi();
    renderApp('/');

    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Book a demo' })).toHaveAttribute(
        'href',
        expect.stringMatching(`^mailto:${DEFAULT_CONFIG.contactEmail}`),
      ),
    );
  });

  it('shows the Terms page with its 15 numbered sections and the contact address', async () => {
    mockApi();
    renderApp('/terms');

    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(TERMS_SECTIONS.map((title, index) => `${index + 1}. ${title}`));
    expect(await screen.findAllByRole('link', { name: DEFAULT_CONFIG.contactEmail })).not.toHaveLength(0);
  });

  it('shows the Privacy Policy page with the 18+ age restriction', async () => {
    mockApi();
    renderApp('/privacy');

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
  });

  it("opens the footer's Terms link as a modal that Escape closes", async () => {
    mockApi();
    const { user, location } = renderApp('/');

    await user.click(screen.getByRole('link', { name: 'Terms and Conditions' }));

    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByRole('heading', { name: '15. Contact Us' })).toBeInTheDocument();
    expect(location.current).toBe('/');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
