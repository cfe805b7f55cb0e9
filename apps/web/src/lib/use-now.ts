import { useEffect, useState } from 'react';

/** The current time, refreshed on an interval, for labels like "Last seen 5 minutes ago". */
export function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
