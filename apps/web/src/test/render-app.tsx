import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/routes/app-routes';
import { STORAGE_KEYS } from '../config/storage-keys';
import { reloadSessionFromStorage } from '../lib/session-store';

/** `state`: router state the first screen is opened with, as another screen would hand it over. */
type RenderAppOptions = { token?: string; oldToken?: string; state?: unknown };

/** Renders the real app (providers and routes) at a path, as a visitor who may hold a token. */
export function renderApp(path = '/', options: RenderAppOptions = {}) {
  if (options.token) localStorage.setItem(STORAGE_KEYS.token, options.token);
  if (options.oldToken) localStorage.setItem(STORAGE_KEYS.oldToken, options.oldToken);
  reloadSessionFromStorage();

  // `state`: router state handed to the next screen (the lists pass their ids to the campaign builder).
  const location: { current: string; state: unknown } = { current: path, state: null };
  function LocationProbe() {
    const here = useLocation();
    location.current = `${here.pathname}${here.search}${here.hash}`;
    location.state = here.state;
    return null;
  }

  const user = userEvent.setup();
  const view = render(
    <MemoryRouter
      initialEntries={[options.state === undefined ? path : { pathname: path, state: options.state }]}
    >
      <AppProviders env="test">
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...view, user, location };
}
