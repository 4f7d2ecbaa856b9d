import { useSearchParams } from 'react-router';

/** The top bar's search text on /search, /media and /shop: the URL's `?q=` ('' when none). */
export function useSearchText(): string {
  const [params] = useSearchParams();
  return params.get('q') ?? '';
}
