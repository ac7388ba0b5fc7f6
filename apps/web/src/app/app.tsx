import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './routes/app-routes';

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
