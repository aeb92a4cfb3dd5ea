import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * Runs the screen's loaders again (a navigation to the same address, without scrolling). Not
 * useRevalidator: every react-router export the console uses grows the chunk the booking pages
 * share with it (tests/e2e/bundle-size.e2e.test.ts).
 */
export function useReload(): () => Promise<void> {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate(location.pathname + location.search, { replace: true, preventScrollReset: true });
  }, [navigate, location.pathname, location.search]);
}
