import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { AppRoutes } from '../../../app/routes/app-routes';
import { STORAGE_KEYS } from '../../../config/storage-keys';
import { reloadSessionFromStorage } from '../../../lib/session-store';

/**
 * The real app at `path` for a logged-in user, like test/render-app, but the probe also keeps the
 * router state: the lists hand their ids to the campaign builder through it.
 */
export function renderListsApp(path: string) {
  localStorage.setItem(STORAGE_KEYS.token, 'token-ann');
  reloadSessionFromStorage();
  const location: { pathname: string; state: unknown } = { pathname: path, state: null };
  function LocationProbe() {
    const here = useLocation();
    location.pathname = here.pathname;
    location.state = here.state;
    return null;
  }
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders env="test">
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...view, user, location };
}
