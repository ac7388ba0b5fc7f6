import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation starts at the top of the page (spec part 1 §2.1). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
